import { expect, test } from '@playwright/test';
import { sandboxPaymentPassword } from '../../packages/server/src/integrations/market/index.ts';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { connectSandboxSeller, sandboxMarketKey } from './sandbox-sellers.ts';

// A balance transfer between two sandbox market accounts of different currencies, in the panel.
const world = new SandboxWorld();
const [SENDER, RECEIVER] = world.healthyAccounts(2, 4900);

let panel: SandboxPanel;
/** The setup's code: the server mails at most one code a minute per user. */
let setupCode = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('transfer@example.test', 'transfer');
  const added = await addSandboxAccounts(panel, [SENDER!, RECEIVER!], '10.49.0');
  await panel.stepUp();
  setupCode = await panel.latestCode();
  const row = (login: string) => added.find((account) => account.login === login)!;
  await connectSandboxSeller(panel, row(SENDER!.login), { currency: 'USD' });
  await connectSandboxSeller(panel, row(RECEIVER!.login), { currency: 'RUB' });
  // The panel signs in afresh: its session has not passed the second factor.
  await panel.newSession();
});

test.afterAll(async () => {
  await panel?.stop();
});

test('transfer between accounts of different currencies: the 5 s countdown, the second factor, live balances', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/accounts');
  await page.getByTestId('open-transfer').click();
  const dialog = page.getByRole('dialog', { name: 'Перевод баланса' });
  await expect(dialog).toBeVisible();
  const { items } = await panel.api<{ items: { id: number; login: string }[] }>('/api/transfer/tm-accounts');
  const idOf = (login: string) => String(items.find((item) => item.login === login)!.id);
  await dialog.getByLabel('Отправитель').selectOption(idOf(SENDER!.login));
  await dialog.getByLabel('Получатель').selectOption(idOf(RECEIVER!.login));
  await expect(dialog.getByTestId('sender-balance')).toContainText('100');
  await dialog.getByLabel('API-ключ получателя').fill(sandboxMarketKey(RECEIVER!.login));
  await dialog.getByLabel('Сумма').fill('10.50');
  await dialog.getByLabel('Платёжный пароль').fill(sandboxPaymentPassword(SENDER!.login, world.seed));

  // Different currencies: the warning, and the confirm action only after a visible 5 s countdown.
  await expect(dialog.getByTestId('currency-warning')).toContainText('Валюты аккаунтов различаются');
  const submit = dialog.getByTestId('transfer-submit');
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveText(/Подтвердить можно через [1-5] с/);
  await expect(submit).toHaveText('Подтвердить перевод', { timeout: 10_000 });
  await expect(submit).toBeEnabled();

  // The setup's code was used; the step-up of this session mails a new one once its minute has passed: the server's
  // clock moves past it.
  panel.advance(61_000);
  await submit.click();
  const twoFactor = page.getByRole('dialog', { name: 'Двухфакторная аутентификация' });
  await expect(twoFactor).toContainText('Деньги или предметы уходят с ваших аккаунтов');
  let code = setupCode;
  await expect.poll(async () => (code = await panel.latestCode()), { timeout: 20_000 }).not.toBe(setupCode);
  await twoFactor.getByLabel('Код из письма').fill(code);

  await expect(dialog.getByTestId('transfer-outcome')).toContainText('Отправлено', { timeout: 30_000 });
  // 10.50 USD at the sandbox's 92.5 RUB a dollar: 971.25 RUB arrive.
  await expect(dialog.getByTestId('transfer-outcome')).toContainText(/971[,.]25/);
  // The balances move live, without a reload: 100 - 10.50 USD for the sender.
  await expect(dialog.getByTestId('sender-balance')).toContainText(/89[,.]50/, { timeout: 20_000 });
  await expect(dialog.getByLabel('Получатель')).toContainText(/10\s?221[,.]25/);
  // The send's first answer is the step-up (403 with result code 101) that opened the two-factor dialog.
  expect(problems.filter((line) => !line.includes('status of 403'))).toEqual([]);
  expect(problems.filter((line) => line.includes('status of 403'))).toHaveLength(1);
});
