import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { OutboxRepo } from '../../packages/server/src/modules/mail/repo.ts';
import { type RunningServer, startServer } from '../../packages/server/src/server.ts';

const webRoot = fileURLToPath(new URL('../../packages/server/public', import.meta.url));
let server: RunningServer;
let token: unknown;
test.beforeAll(async () => {
  server = await startServer({
    ...loadConfig({ TRADEDECK_MODE: 'sandbox' }),
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    logFormat: 'json',
    webRoot,
  });
  const post = async (p: string, b: unknown) =>
    (await (
      await fetch(`${server.url}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      })
    ).json()) as { data: unknown };
  await post('/api/auth/register', {
    email: 'look@example.test',
    userName: 'look',
    password: 'Quartz-Lantern-42',
  });
  const [mail] = await new OutboxRepo(server.database.db).latest(1);
  const link = new URL(mail!.link!);
  await post('/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  token = (await post('/api/auth/login', { email: 'look@example.test', password: 'Quartz-Lantern-42' })).data;
});
test.afterAll(async () => server?.stop());

const rows = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  login: `sandbox_bot_${String(i + 1).padStart(4, '0')}`,
  steamId: `7656120225510${String(1001 + i).padStart(4, '0')}`,
  avatarUri: null,
  proxyId: i % 3 ? i : null,
  proxy: i % 3 ? { address: `10.20.0.${i}`, port: 3128 } : null,
  tags: i % 2 ? [{ id: 1, name: 'farm' }] : [],
  balances: [],
  accountStatus: i % 4 === 3 ? 2 : i % 4 === 1 ? 0 : 1,
  createdAt: new Date().toISOString(),
  lastLoginAt: i % 5 ? new Date().toISOString() : null,
  lastError: i % 4 === 3 ? 'Неверный пароль' : null,
}));

for (const lang of ['ru', 'en'] as const) {
  test(`look ${lang}`, async ({ page }) => {
    test.setTimeout(60000);
    await page.setViewportSize({ width: 1400, height: 900 });
    const ok = (data: unknown) => ({
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data, error: null }),
    });
    if (process.env.FAKE) {
      await page.route('**/api/steam-accounts/query', (r) =>
        r.fulfill(ok({ items: rows, total: 12, page: 1, pageSize: 50 })),
      );
      await page.route('**/api/steam-accounts/counters', (r) =>
        r.fulfill(ok({ total: 12, byStatus: { '0': 3, '1': 6, '2': 3 } })),
      );
      await page.route('**/api/steam-accounts/tags', (r) =>
        r.fulfill(
          ok([
            { id: 1, name: 'farm', count: 6 },
            { id: 2, name: 'main', count: 1 },
          ]),
        ),
      );
      await page.route('**/api/steam-accounts/1', (r) => r.fulfill(ok(rows[1])));
      await page.route('**/api/steam-accounts/2', (r) => r.fulfill(ok(rows[1])));
      await page.route('**/api/steam-accounts/2/credentials', (r) =>
        r.fulfill(
          ok({
            hasPassword: true,
            hasSharedSecret: true,
            hasIdentitySecret: true,
            hasRevocationCode: false,
            hasRefreshToken: true,
            refreshTokenExpiresAt: new Date().toISOString(),
          }),
        ),
      );
      await page.route('**/api/steam-accounts/parse-accounts-to-proxies', (r) =>
        r.fulfill(
          ok({
            items: [
              {
                line: 1,
                login: 'sandbox_bot_0001',
                accountId: 1,
                proxy: { protocol: null, address: '1.2.3.4', port: 80, username: null, password: null },
                proxyId: null,
              },
              { line: 2, login: 'bot2', accountId: null, proxy: null, proxyId: null },
            ],
            errors: [
              {
                line: 3,
                account: 'x',
                reason: 'missingSeparator',
                message: 'Ожидается формат аккаунт:прокси',
              },
            ],
          }),
        ),
      );
    }
    await page.goto(`${server.url}/`);
    await page.evaluate(
      ({ v, l }) => {
        localStorage.setItem('tradedeck.accessToken', v);
        localStorage.setItem('tradedeck.language', l);
      },
      { v: JSON.stringify(token), l: lang },
    );
    await page.goto(`${server.url}/panel/steam-accounts`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/wa-shots/${lang}-list.png` });
    await page.keyboard.press('n');
    await page.waitForTimeout(500);
    await page.getByText(lang === 'ru' ? 'Распределить по прокси' : 'Distribute over proxies').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/wa-shots/${lang}-wizard.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('p');
    await page.getByTestId('batch-proxy-lines').fill('sandbox_bot_0001:1.2.3.4:80\nbot2:\nx');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/wa-shots/${lang}-batch-proxy.png` });
    await page.keyboard.press('Escape');
    if (process.env.FAKE) {
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await page.keyboard.press('v');
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `/tmp/wa-shots/${lang}-view.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: lang === 'ru' ? /^Статус/ : /^Status/ }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/wa-shots/${lang}-filter.png` });
    }
  });
}
