import { request as httpRequest, type IncomingMessage } from 'node:http';

/** The part of a fetch Response the API client reads. */
interface HttpResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null; getSetCookie(): string[] };
  /** The body as it arrives: an async iterable of byte chunks. */
  readonly body: AsyncIterable<Uint8Array>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * A `fetch` for the API client over `node:http`, for short-lived Node processes such as the CLI: the first call
 * of Node's built-in fetch loads its HTTP parser and costs tens of megabytes and a noticeable part of a second.
 * It sends text bodies (JSON) and hands anything else (uploads with form data) to the built-in fetch. Network
 * failures reject like fetch does: a `TypeError` whose cause is the system error (code `ECONNREFUSED`, …).
 */
export const httpFetch = ((input: string | URL, init: RequestInit = {}) => {
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
    return globalThis.fetch(input, init);
  }
  return send(new URL(String(input)), init) as unknown as Promise<Response>;
}) as typeof fetch;

async function send(url: URL, init: RequestInit): Promise<HttpResponse> {
  // TLS loads only for an https server: a megabyte and a few milliseconds of start-up otherwise.
  const open = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const body = typeof init.body === 'string' ? Buffer.from(init.body) : null;
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (body) headers['content-length'] = String(body.length);
    const request = open(url, {
      method: init.method ?? 'GET',
      headers,
    });
    const onAbort = () => {
      request.destroy();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('response', (message) => resolve(toResponse(message)));
    request.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: error }));
    });
    request.once('close', () => signal?.removeEventListener('abort', onAbort));
    request.end(body ?? undefined);
  });
}

function toResponse(message: IncomingMessage): HttpResponse {
  const status = message.statusCode ?? 0;
  const text = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: {
      get: (name) => {
        const value = message.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
      getSetCookie: () => message.headers['set-cookie'] ?? [],
    },
    body: message,
    text,
    json: async () => JSON.parse(await text()),
  };
}
