import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { zipSync } from 'fflate';
import {
  type AddAccountReason,
  addAccountReasonMessages,
  mafileFailureMessages,
  mafileWarningMessages,
} from '../../packages/sdk/src/domain/index.ts';
import {
  MAFILE_CASES,
  MAFILE_PASSKEY,
  type MafileUploadCase,
  uploadPaths,
} from '../../packages/sdk/test/steam/mafile-cases.ts';
import { SandboxWorld, sandboxMafileText } from '../../packages/server/src/integrations/steam/index.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { expect, test } from './shell/fixtures.ts';

/**
 * The sdk's maFile corpus (notes/steam.md §11 A) and its sign-in cases (§11 B) through the web add wizard: the
 * real file input, the passkey field, the "Невалидные мафайлы: {list}" line with a reason per file, the rows,
 * and each row's outcome after the submit against a sandbox server. Expected outcomes come from the corpus's
 * own case files (fixtures/mafile-cases.json, fixtures/login-cases.json), which the sdk tests hold to the reader.
 */
const LOGIN_CASES = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../../packages/sdk/test/steam/fixtures/login-cases.json', import.meta.url)),
      'utf8',
    ),
  ) as { cases: { login: string; expect: { reason: AddAccountReason } | null }[] }
).cases;
const SHOTS = fileURLToPath(new URL('../test-results/steam-accounts-corpus/', import.meta.url));

let panel: SandboxPanel;

test.describe.configure({ mode: 'serial' });
// Tall enough for the whole wizard in the screenshots kept for review.
test.use({ viewport: { width: 1280, height: 1600 } });

test.beforeAll(async () => {
  panel = await startSandboxPanel('corpus@example.test', 'corpus');
});

test.afterAll(async () => {
  await panel?.stop();
});

async function openWizard(page: Page, language: 'ru' | 'en'): Promise<Locator> {
  await panel.openPanel(page, '/panel/steam-accounts', language);
  const ru = language === 'ru';
  await expect(page.getByRole('heading', { name: ru ? 'Steam аккаунты' : 'Steam accounts' })).toBeVisible();
  await page.getByRole('button', { name: ru ? 'Добавить аккаунты' : 'Add accounts' }).click();
  const wizard = page.getByRole('dialog', { name: ru ? 'Добавление аккаунтов' : 'Add accounts' });
  await expect(wizard).toBeVisible();
  return wizard;
}

/** Several upload cases sent as one drop (their folders hold no file name twice). */
function together(name: string, cases: MafileUploadCase[]): MafileUploadCase & { paths: string[] } {
  return {
    name,
    folder: cases.map((item) => item.folder).join(' + '),
    read: cases.flatMap((item) => item.read),
    refused: cases.flatMap((item) => item.refused),
    paths: cases.flatMap(uploadPaths),
  };
}

const caseNamed = (folder: string) => MAFILE_CASES.filter((item) => item.folder === folder);

/** Types the case's passkey (or clears the field), picks its files and waits for the server's extraction. */
async function upload(page: Page, wizard: Locator, item: MafileUploadCase, paths = uploadPaths(item)) {
  await wizard.getByLabel(/Ключ шифрования SDA|SDA passkey/).fill(item.passkey ?? '');
  const extracted = page.waitForResponse((res) => res.url().includes('/api/steam-accounts/extract-mafiles'));
  await wizard.getByTestId('mafile-input').setInputFiles(paths);
  expect((await extracted).status(), item.name).toBe(200);
  await expect(wizard.getByText(/^(Читаем файлы|Reading files)/)).toHaveCount(0);
  // "Загружено N мафайлов" counts the files read by this upload; nothing read, nothing claimed.
  const loaded = wizard.getByText(/^(Загружено? \d+ мафайл|\d+ maFiles? loaded)/);
  if (item.read.length === 0) await expect(loaded, item.name).toHaveCount(0);
  else {
    const count = item.read.length;
    await expect(loaded, item.name).toHaveText(
      new RegExp(`^(Загружено? ${count} мафайл|${count} maFiles? loaded)`),
    );
  }
}

/** The refused files of the last upload: the spec's line names each, and each has its reason next to it. */
async function expectRefused(wizard: Locator, item: MafileUploadCase, language: 'ru' | 'en') {
  const box = wizard.getByTestId('invalid-mafiles');
  if (item.refused.length === 0) {
    await expect(box, item.name).toHaveCount(0);
    return;
  }
  const prefix = language === 'ru' ? 'Невалидные мафайлы: ' : 'Invalid maFiles: ';
  const line = box.getByTestId('invalid-mafiles-line');
  await expect(line, item.name).toHaveText(new RegExp(`^${prefix}`));
  const listed = ((await line.textContent()) ?? '').slice(prefix.length).split(', ');
  expect(listed.sort(), item.name).toEqual(item.refused.map((refused) => refused.file).sort());
  const reasons = box.getByTestId('invalid-mafile');
  await expect(reasons, item.name).toHaveCount(item.refused.length);
  for (const refused of item.refused) {
    await expect(
      reasons.filter({ hasText: `${refused.file}: ${mafileFailureMessages[language][refused.reason]}` }),
      `${item.name}: ${refused.file}`,
    ).toHaveCount(1);
  }
}

/**
 * Every file read became a row under its login, with its SteamID exact (or none) and the reader's notes; a
 * NebulaAuth file brings its password (the row is ready) and its proxy, every other row waits for its password.
 */
async function expectRows(wizard: Locator, item: MafileUploadCase) {
  for (const read of item.read) {
    const row = wizard.locator(`tr[data-login="${read.login}"]`);
    await expect(row, `${item.name}: ${read.file}`).toHaveCount(1);
    await expect(row.getByTestId('row-steamid')).toHaveText(read.steamId ?? '—');
    await expect(row.getByTestId('row-status')).toHaveText(read.password ? 'Готов' : 'Пароль не указан');
    // The row's proxy picker shows the file's own proxy, or nothing picked yet.
    const picker = row.getByTestId('row-proxy').getByRole('combobox');
    await expect(picker).toHaveValue(read.proxy ?? '');
    if (!read.proxy) await expect(picker).toHaveAttribute('placeholder', 'Найти прокси: адрес, порт, имя');
    // What the reader noticed (an old session, no identity_secret...) is marked on the row, each note worded.
    const notes = row.getByTestId('row-notes');
    if (!read.warnings) await expect(notes).toHaveCount(0);
    else {
      const label = (await notes.getAttribute('aria-label')) ?? '';
      expect(label.split('\n').sort(), read.file).toEqual(
        read.warnings.map((warning) => mafileWarningMessages.ru[warning]).sort(),
      );
    }
  }
}

test('every maFile of the corpus through the wizard: rows, SteamIDs, refused files with reasons', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const wizard = await openWizard(page, 'ru');

  // A whole backup folder dropped at once: every variant, every broken file, two files for one account.
  const drop = together('plain corpus', [
    ...caseNamed('mafiles/valid'),
    ...caseNamed('mafiles/invalid'),
    ...caseNamed('mafiles/duplicates'),
  ]);
  await upload(page, wizard, drop, drop.paths);
  await expectRefused(wizard, drop, 'ru');
  await expectRows(wizard, drop);
  await expect(wizard.getByTestId('wizard-rows').locator('tbody tr')).toHaveCount(drop.read.length);
  await wizard.screenshot({ path: join(SHOTS, 'corpus-plain.png') });

  // The encrypted SDA folder: with the passkey, a wrong one, none, without its manifest; broken manifests.
  for (const item of MAFILE_CASES.filter((entry) => entry.folder.startsWith('encrypted/'))) {
    await upload(page, wizard, item);
    await expectRefused(wizard, item, 'ru');
    await expectRows(wizard, item);
    if (item.refused.some((refused) => refused.reason === 'wrongPasskey'))
      await wizard.screenshot({ path: join(SHOTS, 'corpus-wrong-passkey.png') });
  }
  // The cases this test uploaded (steamguard-cli and WinAuth have a spec of their own).
  const read = new Map(
    MAFILE_CASES.filter((item) => /^(mafiles|encrypted)\//.test(item.folder)).flatMap((item) =>
      item.read.map((entry) => [entry.login.toLowerCase(), entry]),
    ),
  );
  await expect(wizard.getByTestId('wizard-rows').locator('tbody tr')).toHaveCount(read.size);
  const ready = [...read.values()].filter((entry) => entry.password).length;
  await expect(wizard.getByTestId('wizard-summary')).toHaveText(
    `Готовы: ${ready} · с ошибкой: ${read.size - ready} · добавлены: 0`,
  );
  await wizard.screenshot({ path: join(SHOTS, 'corpus-rows.png') });
});

test('in English: the refused files with reasons, and an SDA backup inside a zip next to a broken one', async ({
  page,
}) => {
  const wizard = await openWizard(page, 'en');
  const invalid = caseNamed('mafiles/invalid')[0]!;
  await upload(page, wizard, invalid);
  await expectRefused(wizard, invalid, 'en');
  await wizard.screenshot({ path: join(SHOTS, 'corpus-invalid-en.png') });

  // The encrypted SDA folder as a zip (maFiles/ inside, as SDA keeps it), with the passkey; a damaged zip beside.
  const sda = MAFILE_CASES.find(
    (item) => item.folder === 'encrypted/sda' && item.passkey === MAFILE_PASSKEY,
  )!;
  const archive = zipSync(
    Object.fromEntries(uploadPaths(sda).map((path) => [`maFiles/${basename(path)}`, readFileSync(path)])),
  );
  const drop: MafileUploadCase = {
    name: 'SDA backup in a zip',
    folder: sda.folder,
    passkey: MAFILE_PASSKEY,
    read: sda.read.map((read) => ({ ...read, file: `SDA-backup.zip/maFiles/${read.file}` })),
    refused: [{ file: 'broken.zip', reason: 'badArchive' }],
  };
  await wizard.getByLabel('SDA passkey').fill(MAFILE_PASSKEY);
  const extracted = page.waitForResponse((res) => res.url().includes('/api/steam-accounts/extract-mafiles'));
  await wizard.getByTestId('mafile-input').setInputFiles([
    { name: 'SDA-backup.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) },
    {
      name: 'broken.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
    },
  ]);
  expect((await extracted).status()).toBe(200);
  await expectRefused(wizard, drop, 'en');
  for (const read of drop.read) {
    const row = wizard.locator(`tr[data-login="${read.login}"]`);
    // The row shows the file's own name; its path inside the archive is in the tooltip.
    await expect(row.getByTestId('row-mafile')).toHaveText(basename(read.file));
    await expect(row.getByTestId('row-mafile')).toHaveAttribute('title', read.file);
    await expect(row.getByTestId('row-steamid')).toHaveText(read.steamId!);
  }
  await expect(wizard.getByTestId('wizard-rows').locator('tbody tr')).toHaveCount(drop.read.length);
  await expect(wizard.getByText(`${drop.read.length} maFiles loaded`)).toBeVisible();
  await wizard.screenshot({ path: join(SHOTS, 'corpus-zip-en.png') });
});

test('each sign-in case gives its outcome per row, failures as "{login}: {reason}"', async ({ page }) => {
  test.setTimeout(90_000);
  const world = new SandboxWorld();
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-login-cases-'));
  const accounts = LOGIN_CASES.map((item) => world.find(item.login)!);
  const mafiles = accounts.map((account) => {
    const path = join(dir, `${account.steamId}.maFile`);
    writeFileSync(path, sandboxMafileText(account, world.seed));
    return path;
  });
  // Each account on a proxy of its own, so a proxy rested by one case cannot decide another.
  const lines = accounts
    .map((account, i) => `${account.login}:${account.password}:10.40.0.${i + 1}:3128`)
    .join('\n');

  const wizard = await openWizard(page, 'ru');
  const extracted = page.waitForResponse((res) => res.url().includes('/api/steam-accounts/extract-mafiles'));
  await wizard.getByTestId('mafile-input').setInputFiles(mafiles);
  await extracted;
  await expect(wizard.getByTestId('wizard-rows').locator('tbody tr')).toHaveCount(accounts.length);
  await wizard.getByRole('button', { name: /^Далее/ }).click();
  await wizard.getByTestId('account-lines').fill(lines);
  await wizard.getByRole('button', { name: 'Применить строки' }).click();
  await wizard.getByRole('button', { name: /^Далее/ }).click();
  await wizard.getByRole('button', { name: /^Добавить/ }).click();

  const failures = wizard.getByTestId('wizard-failures');
  await expect(failures).toBeVisible({ timeout: 60_000 });
  const failing = LOGIN_CASES.filter((item) => item.expect !== null);
  for (const item of LOGIN_CASES) {
    const row = wizard.locator(`tr[data-login="${item.login}"]`);
    const status = row.getByTestId('row-status');
    if (item.expect === null) {
      await expect(row, item.login).toHaveAttribute('data-status', 'success');
      await expect(status).toHaveText('Добавлен');
    } else {
      const reason = addAccountReasonMessages.ru[item.expect.reason];
      await expect(row, item.login).toHaveAttribute('data-status', 'error');
      await expect(status).toHaveText(reason);
      await expect(failures).toContainText(`${item.login}: ${reason}`);
    }
  }
  // Only the failed rows are named, each once.
  const named = ((await failures.textContent()) ?? '').match(/sandbox_[a-z0-9_]+(?=: )/g) ?? [];
  expect(named.sort()).toEqual(failing.map((item) => item.login).sort());
  await expect(wizard.getByTestId('wizard-summary')).toContainText(
    `добавлены: ${LOGIN_CASES.length - failing.length}`,
  );
  await wizard.screenshot({ path: join(SHOTS, 'login-cases.png') });
});
