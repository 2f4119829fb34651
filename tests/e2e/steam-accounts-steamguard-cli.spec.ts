import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { mafileFailureMessages } from '../../packages/sdk/src/domain/index.ts';
import { steamguardCliFolder } from '../../packages/sdk/test/steam/steamguard-cli-folder.ts';
import {
  type SandboxAccount,
  SandboxWorld,
  sandboxMafileText,
} from '../../packages/server/src/integrations/steam/index.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { expect, test } from './shell/fixtures.ts';

/**
 * Authenticators kept outside SDA, through the web add wizard against a sandbox server: a steamguard-cli folder
 * encrypted with its default scheme (Argon2id) opened with its passkey (a wrong one named per file first), and a
 * WinAuth export of `otpauth://` lines; each account is then signed in and added.
 */
const SHOTS = fileURLToPath(new URL('../test-results/steam-accounts-steamguard-cli/', import.meta.url));
const PASSKEY = 'steamguard-cli passkey';

let panel: SandboxPanel;

/** RFC 4648 base32, as otpauth:// links carry secrets. */
function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? text + alphabet[(value << (5 - bits)) & 31] : text;
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 1400 } });

test.beforeAll(async () => {
  // A server of the suite's own starts slowly on a loaded machine.
  test.setTimeout(120_000);
  panel = await startSandboxPanel('steamguard-cli@example.test', 'sgcli');
});

test.afterAll(async () => {
  await panel?.stop();
});

async function openWizard(page: Page): Promise<Locator> {
  await panel.openPanel(page, '/panel/steam-accounts', 'ru');
  await page.getByRole('button', { name: 'Добавить аккаунты' }).click();
  const wizard = page.getByRole('dialog', { name: 'Добавление аккаунтов' });
  await expect(wizard).toBeVisible();
  return wizard;
}

async function pick(page: Page, wizard: Locator, paths: string[]): Promise<void> {
  const extracted = page.waitForResponse((res) => res.url().includes('/api/steam-accounts/extract-mafiles'));
  await wizard.getByTestId('mafile-input').setInputFiles(paths);
  expect((await extracted).status()).toBe(200);
  await expect(wizard.getByText(/^Читаем файлы/)).toHaveCount(0);
}

/** Types each account's password and its own proxy on the lines step, then adds every row. */
async function addAll(wizard: Locator, accounts: readonly SandboxAccount[], subnet: number): Promise<void> {
  await wizard.getByRole('button', { name: /^Далее/ }).click();
  await wizard
    .getByTestId('account-lines')
    .fill(accounts.map((a, i) => `${a.login}:${a.password}:10.${subnet}.0.${i + 1}:3128`).join('\n'));
  await wizard.getByRole('button', { name: 'Применить строки' }).click();
  await wizard.getByRole('button', { name: /^Далее/ }).click();
  await wizard.getByRole('button', { name: /^Добавить/ }).click();
  for (const account of accounts) {
    const row = wizard.locator(`tr[data-login="${account.login}"]`);
    await expect(row, account.login).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
    await expect(row.getByTestId('row-status')).toHaveText('Добавлен');
  }
}

test('an Argon2id-encrypted steamguard-cli folder: refused with a wrong passkey, read and added with its own', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const world = new SandboxWorld();
  const accounts = world.healthyAccounts(3, 40);
  const dir = join(mkdtempSync(join(tmpdir(), 'tradedeck-sgcli-')), 'maFiles');
  mkdirSync(dir);
  const files = steamguardCliFolder(
    accounts.map((a) => ({ login: a.login, steamId: a.steamId, text: sandboxMafileText(a, world.seed) })),
    'Argon2idAes256',
    PASSKEY,
  );
  const paths = files.map((file) => {
    writeFileSync(join(dir, file.name), file.data);
    return join(dir, file.name);
  });

  const wizard = await openWizard(page);
  const passkey = wizard.getByLabel('Ключ шифрования SDA');
  await expect(wizard.getByText('Тот же ключ открывает папки steamguard-cli')).toBeVisible();
  await passkey.fill('not the passkey');
  await pick(page, wizard, paths);
  const reasons = wizard.getByTestId('invalid-mafile');
  await expect(reasons).toHaveCount(accounts.length);
  for (const account of accounts)
    await expect(
      reasons.filter({ hasText: `${account.login}.maFile: ${mafileFailureMessages.ru.wrongPasskey}` }),
    ).toHaveCount(1);
  await wizard.screenshot({ path: join(SHOTS, 'argon2-wrong-passkey.png') });

  await passkey.fill(PASSKEY);
  await pick(page, wizard, paths);
  await expect(wizard.getByTestId('invalid-mafiles')).toHaveCount(0);
  await expect(wizard.getByText(new RegExp(`^Загружено? ${accounts.length} мафайл`))).toBeVisible();
  for (const account of accounts) {
    const row = wizard.locator(`tr[data-login="${account.login}"]`);
    await expect(row.getByTestId('row-steamid')).toHaveText(account.steamId);
    await expect(row.getByTestId('row-mafile')).toHaveText(`${account.login}.maFile`);
  }
  await wizard.screenshot({ path: join(SHOTS, 'argon2-read.png') });
  await addAll(wizard, accounts, 41);
  await wizard.screenshot({ path: join(SHOTS, 'argon2-added.png') });
});

test('a WinAuth export: one row per Steam otpauth:// line, other lines named, the accounts added', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const world = new SandboxWorld();
  const accounts = world.healthyAccounts(2, 50);
  const line = (account: SandboxAccount) => {
    const mafile = JSON.parse(
      sandboxMafileText(account, world.seed).replace(account.steamId, `"${account.steamId}"`),
    );
    const data = { ...mafile, steamid: account.steamId, steamguard_scheme: '2' };
    delete data.Session;
    delete data.device_id;
    return `otpauth://totp/Steam:${account.login}?secret=${base32(Buffer.from(account.sharedSecret, 'base64'))}&digits=5&issuer=Steam&deviceid=${encodeURIComponent(mafile.device_id)}&data=${encodeURIComponent(JSON.stringify(data))}`;
  };
  const file = join(mkdtempSync(join(tmpdir(), 'tradedeck-winauth-')), 'winauth-export.txt');
  writeFileSync(
    file,
    [...accounts.map(line), 'otpauth://totp/Example:someone?secret=JBSWY3DPEHPK3PXP&issuer=Example'].join(
      '\n',
    ),
  );

  const wizard = await openWizard(page);
  await pick(page, wizard, [file]);
  await expect(wizard.getByTestId('invalid-mafile')).toHaveText([
    `winauth-export.txt#3: ${mafileFailureMessages.ru.notSteamOtpauth}`,
  ]);
  for (const [i, account] of accounts.entries()) {
    const row = wizard.locator(`tr[data-login="${account.login}"]`);
    await expect(row.getByTestId('row-steamid')).toHaveText(account.steamId);
    await expect(row.getByTestId('row-mafile')).toHaveText(`winauth-export.txt#${i + 1}`);
  }
  await addAll(wizard, accounts, 51);
  await wizard.screenshot({ path: join(SHOTS, 'winauth-added.png') });
});
