import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';

/** The suite's account: the first on the instance, so it is the administrator and needs no approval. */
export const SHELL_ACCOUNT = {
  email: 'shell-admin@example.test',
  userName: 'shelladmin',
  password: 'Quartz-Lantern-42',
} as const;

/** The newest outbox link mailed to `email`, read from the server log. */
export async function outboxLink(email: string, logFile = process.env.SHELL_SERVER_LOG): Promise<string> {
  if (!logFile) throw new Error('No server log: run the shell suite through e2e/playwright.config.ts');
  for (let i = 0; i < 50; i += 1) {
    const link = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('mail kept in the outbox') && l.includes(email))
      .map((l) => (JSON.parse(l) as { mail: { link: string | null } }).mail.link)
      .filter((l): l is string => l !== null)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no outbox mail to ${email}`);
}

let registered: Promise<void> | null = null;

/**
 * Registers the suite's account through the API and confirms it from the outbox, once per worker. A later worker
 * finds it confirmed already: registering answers the same and the old link is spent, which is fine.
 */
export function ensureShellAccount(request: APIRequestContext, baseUrl: string): Promise<void> {
  registered ??= (async () => {
    const answer = await request.post(`${baseUrl}/api/auth/register`, { data: SHELL_ACCOUNT });
    if (!answer.ok()) throw new Error(`register: ${answer.status()} ${await answer.text()}`);
    const link = new URL(await outboxLink(SHELL_ACCOUNT.email), baseUrl);
    await request.post(`${baseUrl}/api/auth/confirm-email`, {
      data: { userId: link.searchParams.get('userId'), code: link.searchParams.get('code') },
    });
  })();
  return registered;
}

let signedIn: { token: { accessToken: string; expiresAt: string }; at: number } | null = null;
const TOKEN_REUSE_MS = 10 * 60_000;

/** An access token of the suite's account from a real `auth.login`, reused while it has minutes left. */
export async function shellAccessToken(
  request: APIRequestContext,
  baseUrl: string,
): Promise<{ accessToken: string; expiresAt: string }> {
  if (signedIn && Date.now() - signedIn.at < TOKEN_REUSE_MS) return signedIn.token;
  await ensureShellAccount(request, baseUrl);
  const answer = await request.post(`${baseUrl}/api/auth/login`, {
    data: { email: SHELL_ACCOUNT.email, password: SHELL_ACCOUNT.password },
  });
  if (answer.status() !== 200) throw new Error(`login: ${answer.status()} ${await answer.text()}`);
  const token = ((await answer.json()) as { data: { accessToken: string; expiresAt: string } }).data;
  signedIn = { token, at: Date.now() };
  return token;
}
