import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { hubEvents } from '../../packages/sdk/src/contract/index.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { OutboxRepo } from '../../packages/server/src/modules/mail/repo.ts';
import { type RunningServer, startServer } from '../../packages/server/src/server.ts';
import { watchConsole } from './console-guard.ts';

// The web app's hub client (the official SignalR client in the browser) against a server of this test's own, so
// the test can append events the way the proxy checker does.
const webRoot = fileURLToPath(new URL('../../packages/server/public', import.meta.url));
const PASSWORD = 'Quartz-Lantern-42';
let server: RunningServer;

test.beforeAll(async () => {
  // The test starts once its server listens: loading the server's sources and migrating a new database takes what
  // the machine's load makes it take, so the start is not held to a test's 30 s (the suite's global timeout ends a
  // start that hangs; startServer throws on a failed one).
  test.setTimeout(0);
  server = await startServer({
    ...loadConfig({ TRADEDECK_INVENTORY_SCHEDULE: 'off' }),
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    logFormat: 'json',
    webRoot,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function post<T>(path: string, body: unknown): Promise<{ data: T; cookies: string[] }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data: T; error: unknown };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
  return { data: envelope.data, cookies: res.headers.getSetCookie() };
}

/** Registers the instance's first user (admin, approved), confirms the e-mail from the outbox, signs in. */
async function signedInFirstUser() {
  const email = 'live@example.test';
  await post('/api/auth/register', { email, userName: 'live', password: PASSWORD });
  const [mail] = await new OutboxRepo(server.database.db).latest(1);
  const link = new URL(mail!.link!);
  await post('/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  const login = await post<{ accessToken: string; expiresAt: string }>('/api/auth/login', {
    email,
    password: PASSWORD,
  });
  // The refresh cookie, as the browser would have kept it from a sign-in on the login page.
  const [name, value] = login.cookies[0]!.split(';')[0]!.split('=') as [string, string];
  return { userId: link.searchParams.get('userId')!, token: login.data, cookie: { name, value } };
}

test('the dashboard shows proxy check results pushed over the hub, live', async ({ page }) => {
  const problems = watchConsole(page);
  const { userId, token, cookie } = await signedInFirstUser();
  await page.context().addCookies([{ ...cookie, url: server.url }]);
  await page.goto(`${server.url}/`);
  await page.evaluate((value) => localStorage.setItem('tradedeck.accessToken', value), JSON.stringify(token));
  await page.goto(`${server.url}/panel/dashboard`);
  const card = page.locator('section[data-feed-state]');
  await expect(card).toHaveAttribute('data-feed-state', 'live');

  for (const [id, valid] of [
    [11, true],
    [12, false],
  ] as const) {
    await server.app.hubs.eventLog.append(userId, hubEvents.proxyStatusUpdated, 'proxies', {
      id,
      result: valid ? 1 : 0,
      status: valid ? 1 : 3,
      valid,
      latencyMs: valid ? 120 : null,
      exitIp: valid ? '203.0.113.7' : null,
      countryCode: null,
      errorClass: valid ? null : 'timeout',
      checkedAt: new Date().toISOString(),
    });
  }
  const rows = card.locator('li');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('12');
  await expect(rows.nth(1)).toContainText('11');
  expect(problems).toEqual([]);
});
