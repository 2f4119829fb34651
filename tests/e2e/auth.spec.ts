import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

/**
 * The account flow of issue 3 in Chromium against the real server (built web app on the same origin, mail in the
 * outbox announced in the server log): first user registers, confirms, enables TOTP, signs in again with a code;
 * a second user waits for approval, is approved by the admin, and signs in.
 */
const PASSWORD = 'Quartz-Lantern-42';
const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));
let server: ChildProcess;
let base = '';
let log = '';
let adminToken = '';

test.describe.configure({ mode: 'serial' });

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function totp(secret: string, ms: number): string {
  let bits = 0;
  let value = 0;
  const key: number[] = [];
  for (const c of secret) {
    value = (value << 5) | B32.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac('sha1', Buffer.from(key)).update(counter).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1e6).padStart(6, '0');
}

async function outboxLink(email: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const line = log
      .split('\n')
      .filter((l) => l.includes('mail kept in the outbox') && l.includes(email))
      .at(-1);
    if (line) return JSON.parse(line).mail.link as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no outbox mail to ${email}`);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      TRADEDECK_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'tradedeck-e2e-')), 'data'),
      TRADEDECK_WEB_ROOT: join(serverDir, 'public'),
      LOG_LEVEL: 'info',
    },
  });
  server.stdout?.on('data', (chunk) => {
    log += String(chunk);
  });
  for (let i = 0; i < 100 && !log.includes('Tradedeck is running'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

async function register(page: Page, email: string, name: string) {
  await page.goto(`${base}/auth/registration`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Имя пользователя').fill(name);
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL(/\/auth\/email-confirmation/);
}

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test('first user: register, confirm from the outbox, enable TOTP, sign in again with a code', async ({
  page,
}) => {
  await register(page, 'first@example.test', 'first');
  await page.goto(await outboxLink('first@example.test'));
  await expect(page.getByText('E-mail подтверждён')).toBeVisible();

  await signIn(page, 'first@example.test');
  await page.waitForURL(/\/panel/);

  await page.goto(`${base}/profile/security`);
  await page.getByRole('button', { name: 'Включить' }).first().click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  await page.getByLabel('Код из приложения').fill(totp(secret, Date.now()));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сохраните коды восстановления' });
  await expect(dialog.locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Закрыть' }).click();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'first@example.test');
  await expect(page.getByRole('dialog', { name: 'Двухфакторная аутентификация' })).toBeVisible();
  await page.getByLabel('Код из приложения-аутентификатора').fill('000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Неверный код')).toBeVisible();
  await page.getByLabel('Код из приложения-аутентификатора').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.waitForURL(/\/panel/);
  const stored = await page.evaluate(() => localStorage.getItem('tradedeck.accessToken'));
  adminToken = (JSON.parse(stored ?? '{}') as { accessToken?: string }).accessToken ?? '';
  expect(adminToken).not.toBe('');
});

test('second user: pending approval until the admin approves, then signs in', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await register(page, 'second@example.test', 'second');
  await page.goto(await outboxLink('second@example.test'));
  await page.waitForURL(/\/auth\/pending-approval/);
  await signIn(page, 'second@example.test');
  await page.waitForURL(/\/auth\/pending-approval/);

  // The administrator (signed in by the first test) approves through the API.
  const auth = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const list = (await (
    await fetch(`${base}/api/admin/users/query`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ status: 'pendingApproval' }),
    })
  ).json()) as { data: { items: Array<{ id: string; email: string }> } };
  const pending = list.data.items.find((u) => u.email === 'second@example.test');
  expect(pending).toBeDefined();
  const approved = await fetch(`${base}/api/admin/users/${pending!.id}/approve`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  expect(approved.status).toBe(200);

  await signIn(page, 'second@example.test');
  await page.waitForURL(/\/panel/);
});
