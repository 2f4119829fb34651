import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { OutboxRepo } from '../../packages/server/src/modules/mail/repo.ts';
import { type RunningServer, startServer } from '../../packages/server/src/server.ts';

const webRoot = fileURLToPath(new URL('../../packages/server/public', import.meta.url));
const PASSWORD = 'Quartz-Lantern-42';

export interface SandboxPanel {
  server: RunningServer;
  url: string;
  /** Calls the API as the suite's user (Russian), throwing on a failed envelope. */
  api<T>(path: string, body?: unknown, method?: string): Promise<T>;
  /** Opens a panel page signed in as the suite's user, in the given interface language. */
  openPanel(page: Page, path: string, language?: 'ru' | 'en'): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A sandbox-mode server of a suite's own (simulated Steam, real everything else) on an in-memory database, with
 * one user registered, confirmed from the outbox and signed in through the API. `env` adds settings of the server
 * (a slower simulated Steam, say).
 */
export async function startSandboxPanel(
  email: string,
  userName: string,
  env: Record<string, string> = {},
): Promise<SandboxPanel> {
  const server = await startServer({
    ...loadConfig({ TRADEDECK_MODE: 'sandbox', ...env }),
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    logFormat: 'json',
    webRoot,
  });
  let token: { accessToken: string; expiresAt: string } | null = null;

  async function api<T>(
    path: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ): Promise<T> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'ru-RU',
        ...(token ? { authorization: `Bearer ${token.accessToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { success: boolean; data: T; error: unknown };
    if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  }

  await api('/api/auth/register', { email, userName, password: PASSWORD });
  const [mail] = await new OutboxRepo(server.database.db).latest(1);
  const link = new URL(mail!.link!);
  await api('/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  token = ((await res.json()) as { data: { accessToken: string; expiresAt: string } }).data;
  const [name, value] = res.headers.getSetCookie()[0]!.split(';')[0]!.split('=') as [string, string];

  return {
    server,
    url: server.url,
    api,
    async openPanel(page, path, language = 'ru') {
      await page.context().addCookies([{ name, value, url: server.url }]);
      await page.goto(`${server.url}/`);
      await page.evaluate(
        ({ value, language }) => {
          localStorage.setItem('tradedeck.accessToken', value);
          localStorage.setItem('tradedeck.language', language);
        },
        { value: JSON.stringify(token), language },
      );
      await page.goto(`${server.url}${path}`);
    },
    stop: () => server.stop(),
  };
}
