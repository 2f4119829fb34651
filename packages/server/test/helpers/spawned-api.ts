/** Calls to a spawned server's API over loopback, as a client would make them. */

/** One operation: the data of a successful envelope, or an error naming the path and the envelope's error. */
export async function apiCall<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { success: boolean; data: T; error: unknown };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

/** The first truthy answer of `probe` (a failing probe counts as not yet), or an error after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Registers a user on a spawned server and confirms the e-mail from the link the server logs (no SMTP), then
 * signs in; answers the access token.
 */
export async function signUpOnSpawned(
  server: { output(): string },
  url: string,
  user: { email: string; userName: string; password: string },
): Promise<string> {
  await apiCall(url, 'POST', '/api/auth/register', user);
  const link = await eventually(async () => {
    const match = /"link":"([^"]+confirm[^"]+)"/.exec(server.output());
    return match ? new URL(match[1]!) : null;
  });
  await apiCall(url, 'POST', '/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  const login = await apiCall<{ accessToken: string }>(url, 'POST', '/api/auth/login', {
    email: user.email,
    password: user.password,
  });
  return login.accessToken;
}
