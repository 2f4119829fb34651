/** A benchmark's caller of the API over loopback HTTP, as one signed-in user. */
import { benchFetch } from './_proxies-server.ts';
import type { BenchCall } from './_sandbox-bench.ts';

/**
 * Calls `base` with `token`; a 429 with Retry-After (operations behind the second factor, 30 a minute per user)
 * is waited out and sent again.
 */
export function apiCaller(base: string, token: string): BenchCall {
  const call: BenchCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await benchFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 429 && retryAfter > 0) {
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      return call<T>(method, path, body);
    }
    const envelope = (await response.json()) as { success: boolean; data: T; error?: { message: string } };
    if (!envelope.success)
      throw new Error(`${method} ${path}: ${envelope.error?.message ?? response.status}`);
    return envelope.data;
  };
  return call;
}
