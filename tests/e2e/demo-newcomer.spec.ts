import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type AddAccountReason, addAccountReasonMessages } from '../../packages/sdk/src/domain/index.ts';
import { watchConsole } from './console-guard.ts';
import {
  plainText,
  SCREENSHOT_VIEWPORT,
  screenshot,
  terminalScreenshot,
  UPDATE_SCREENSHOTS,
} from './screenshots.ts';

// A newcomer's first run: `pnpm demo`, the CLI command it prints run as printed, then the panel in Chromium.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CASES = (
  JSON.parse(
    readFileSync(new URL('../../packages/sdk/test/steam/fixtures/login-cases.json', import.meta.url), 'utf8'),
  ) as { cases: Array<{ login: string; expect: { reason: AddAccountReason } | null }> }
).cases;
const HEALTHY = 20;
const DEMO_PROXIES = 10;
/** The demo's own trading accounts (two sellers, two farms), each on a proxy of its own, outside the import. */
const SELLERS = ['sandbox_bot_9001', 'sandbox_bot_9002'];
const SEEDED = 4;

let demo: ChildProcess | null = null;
const TMUX_SOCKET = `demo-newcomer-${process.pid}`;

test.use({ viewport: SCREENSHOT_VIEWPORT });

test.afterAll(async () => {
  try {
    execFileSync('tmux', ['-L', TMUX_SOCKET, 'kill-server'], { stdio: 'ignore' });
  } catch {
    // No terminal was opened.
  }
  if (demo?.pid && demo.exitCode === null) {
    const exited = new Promise((resolve) => demo!.once('exit', resolve));
    process.kill(-demo.pid, 'SIGINT');
    await exited;
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `pnpm demo` as a newcomer would and answers what it printed once it is ready. */
async function startDemo(port: number): Promise<string> {
  const child = spawn('pnpm', ['demo'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo = child;
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const deadline = Date.now() + 240_000;
  while (!printed.includes('Press Ctrl+C to stop.')) {
    if (child.exitCode !== null) throw new Error(`pnpm demo ended (${child.exitCode}):\n${printed}`);
    if (Date.now() > deadline) throw new Error(`pnpm demo did not get ready:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return printed;
}

/** Runs a printed command line in a shell from the repository's folder, as the demo says to. */
function runInShell(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', command],
      { cwd: ROOT, env: { ...process.env, LANG: 'C.UTF-8' }, timeout: 180_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('pnpm demo, its printed CLI command, then the panel shows the accounts live and the proxies valid', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const port = await freePort();
  const printed = await startDemo(port);
  const url = `http://127.0.0.1:${port}`;
  // A first start under load takes a while: it says what it is doing as it goes, in order, before it is ready.
  const migrating = printed.indexOf('Starting the server and migrating its database…');
  const seeding = printed.indexOf('Seeding the demo: accounts, lots and sales…');
  expect(migrating, printed).toBeGreaterThanOrEqual(0);
  expect(seeding, printed).toBeGreaterThan(migrating);
  expect(printed.indexOf('Press Ctrl+C to stop.')).toBeGreaterThan(seeding);
  expect(printed).toContain(`panel:     ${url}`);
  const [, email, password] = /sign in:\s+(\S+) \/ (\S+)/.exec(printed)!;
  const command = printed
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('TRADEDECK_CONFIG_DIR='));
  expect(command, printed).toBeDefined();

  // The command exactly as printed: every healthy account added, each failure case failing with its own reason.
  const run = await runInShell(command!);
  const outcomes = new Map(
    run.stdout
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
  );
  for (let i = 1; i <= HEALTHY; i += 1) {
    const login = `sandbox_bot_${String(i).padStart(4, '0')}`;
    expect(outcomes.get(login), `${login}\n${run.stdout}\n${run.stderr}`).toBe('added');
  }
  for (const item of CASES) {
    const expected = item.expect ? addAccountReasonMessages.en[item.expect.reason] : 'added';
    expect(outcomes.get(item.login), item.login).toBe(expected);
  }
  const added = HEALTHY + CASES.filter((item) => !item.expect).length;
  // The output ends with Tradedeck's own summary, not with pnpm's report of the exit code.
  expect(run.stderr.trim().split('\n').at(-1)).toContain(
    `Added ${added} of ${HEALTHY + CASES.length} accounts`,
  );
  expect(run.code).toBe(3);

  // The panel, signed in with what the demo printed.
  const problems = watchConsole(page);
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('E-mail').fill(email!);
  await page.getByLabel('Пароль').fill(password!);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/panel/);

  await page.goto(`${url}/panel/steam-accounts`);
  await expect(page.getByTestId('sandbox-badge')).toHaveText('Песочница');
  const grid = page.getByRole('grid', { name: 'Steam аккаунты' });
  const counters = page.getByTestId('account-counters');
  await expect(counters).toContainText(`Всего: ${added + SEEDED} · активны: `);
  await expect(counters).toContainText('с ошибкой: 0');
  const activeCount = async () => Number(/активны: (\d+)/.exec((await counters.textContent()) ?? '')?.[1]);
  const activeBefore = await activeCount();
  await expect(grid.getByTestId('account-login').first()).toBeVisible();
  await expect(grid.locator('[data-status="0"]').first()).toHaveText('Простой');

  // A status changes live: refreshing an account's inventory signs it in, and its row turns active by itself.
  const active = grid.locator('tr[data-active] [data-testid="account-login"]');
  for (let i = 0; i < added; i += 1) {
    await page.keyboard.press('j');
    if ((await active.textContent())?.startsWith('sandbox_bot_00')) break;
  }
  const login = (await active.textContent())!;
  expect(login).toMatch(/^sandbox_bot_00/);
  const status = grid.locator('tr', { hasText: login }).locator('[data-status]');
  await expect(status).toHaveAttribute('data-status', '0');
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await palette.getByRole('combobox').fill('обновить инвентарь');
  await palette.getByRole('option', { name: /обновить инвентарь/ }).click();
  await expect(status).toHaveAttribute('data-status', '1', { timeout: 60_000 });
  await expect.poll(activeCount).toBe(activeBefore + 1);

  // The demo's proxies: checked valid against the sandbox's loopback judge, now carrying the accounts.
  await page.goto(`${url}/panel/proxy`);
  await expect(page.getByText(`Всего ${DEMO_PROXIES + SEEDED} записей`)).toBeVisible();
  const badges = page.locator('td [data-status]');
  await expect(badges).toHaveCount(DEMO_PROXIES + SEEDED);
  const statuses = await badges.evaluateAll((list) => list.map((badge) => badge.getAttribute('data-status')));
  // In use (2) when accounts sit on the proxy, idle (1) when the rate-limit case left it empty: both are valid.
  expect(statuses.every((value) => value === '1' || value === '2')).toBe(true);
  expect(statuses.filter((value) => value === '2').length).toBeGreaterThanOrEqual(DEMO_PROXIES - 2);

  // The trading screens open alive: the seeded seller accounts on the P2P screen...
  await page.goto(`${url}/panel/accounts`);
  const sellers = page.getByRole('grid', { name: 'P2P аккаунты' }).getByTestId('seller-login');
  await expect(sellers).toHaveCount(SELLERS.length);
  expect((await sellers.allTextContents()).map((text) => text.trim()).sort()).toEqual(SELLERS);
  // ...and the harvester with its profile and a finished session.
  await page.goto(`${url}/panel/harvester`);
  await expect(page.getByRole('heading', { name: 'Харвестер' })).toBeVisible();
  await expect(page.getByText('Сбор с фермы').first()).toBeVisible();
  await page.keyboard.press('o');
  await expect(page.locator('[data-profile="Весь фарм"]')).toContainText('По умолчанию');

  // Lots: groups of one item on both sellers, thresholds, and the seeded issues.
  await page.goto(`${url}/panel/lots`);
  await expect(page.getByTestId('lot-counters')).toContainText(/Групп: [1-9]/);
  const lots = page.getByRole('grid', { name: 'Лоты' });
  await expect(lots.getByTestId('group-name').first()).toBeVisible();
  await page.goto(`${url}/panel/lots?issue=out_of_range`);
  await expect(lots.getByTestId('lot-issues').first()).toContainText('Вне порогов');
  await page.goto(`${url}/panel/lots?status=on_sale`);
  await expect(lots.getByTestId('group-price').first()).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(lots.getByTestId('lot-min').filter({ hasText: /\d/ }).first()).toBeVisible();

  // Sales history: four weeks of sales drawn as bars, some still held.
  await page.goto(`${url}/panel/sales-history`);
  const chart = page.getByRole('img', { name: 'Выручка по дням' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-points', /^(1\d|[2-9]\d)$/);
  await expect(chart.getByTestId('chart-point').first()).toBeVisible();
  await expect(page.getByTestId('sales-totals')).toContainText(/Продаж: [1-9]\d/);
  await expect(page.getByTestId('sales-totals')).toContainText('на удержании:');

  // Price profile: the custom prices first, and the chosen item's four weeks of prices.
  await page.goto(`${url}/panel/price-profile?sort=customPrice.asc`);
  const prices = page.getByRole('grid', { name: 'Ценовой профиль' });
  await expect(prices.locator('tbody tr').first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(prices.locator('tr[data-active]')).toBeVisible();
  await page.keyboard.press('h');
  const history = page.getByTestId('price-history-chart');
  await expect(history).toHaveAttribute('data-points', /^(1[2-9]|[2-9]\d)$/);

  // The transfer dialog lists the seeded transfers between the two sellers.
  await page.goto(`${url}/panel/accounts`);
  await page.getByTestId('open-transfer').click();
  const dialog = page.getByRole('dialog', { name: 'Перевод баланса' });
  const transfers = dialog.getByTestId('transfer-history').locator('li');
  await expect(transfers).toHaveCount(2);
  await expect(transfers.first()).toContainText(`${SELLERS[1]} → ${SELLERS[0]}`);
  await expect(transfers.first()).toContainText('Отправлено');
  await page.keyboard.press('Escape');

  // The notifications of what the demo did: the harvest, starting the sellers and the transfers.
  await page.goto(`${url}/panel/dashboard`);
  expect(problems).toEqual([]);

  await takeScreenshots(page, url, command!);
  expect(problems).toEqual([]);
});

/** The README's pictures of every area, as the newcomer sees them after the import (UPDATE_SCREENSHOTS=1). */
async function takeScreenshots(page: Page, url: string, importCommand: string) {
  if (!UPDATE_SCREENSHOTS) return;
  // A shared machine under load takes its time; the pictures wait for the data rather than fail.
  const slow = expect.configure({ timeout: 30_000 });
  const shots: [string, string, () => Promise<void>][] = [
    [
      'dashboard',
      '/panel/dashboard',
      async () => {
        await slow(page.getByRole('heading', { name: 'Дашборд' })).toBeVisible();
      },
    ],
    [
      'proxies',
      '/panel/proxy',
      async () => {
        await slow(page.locator('td [data-status]').first()).toBeVisible();
      },
    ],
    [
      'steam-accounts',
      '/panel/steam-accounts',
      async () => {
        await slow(page.getByTestId('account-login').first()).toBeVisible();
      },
    ],
    [
      'p2p-accounts',
      '/panel/accounts',
      async () => {
        await slow(page.getByTestId('seller-login').first()).toBeVisible();
      },
    ],
    [
      'lots',
      '/panel/lots?status=on_sale',
      async () => {
        await slow(page.getByTestId('group-price').first()).toBeVisible();
        // The menu folded for the wide table, the first group opened: its orders with their thresholds.
        await page.getByRole('button', { name: 'Свернуть меню' }).click();
        await page.keyboard.press('j');
        await page.keyboard.press('o');
        await slow(page.getByTestId('lot-min').filter({ hasText: /\d/ }).first()).toBeVisible();
      },
    ],
    [
      'sales-history',
      '/panel/sales-history',
      async () => {
        await slow(page.getByTestId('chart-point').first()).toBeVisible();
      },
    ],
    [
      'price-profile',
      // Ten rows, so the chosen item's price chart shows beneath them.
      '/panel/price-profile?sort=customPrice.asc&size=10',
      async () => {
        await slow(
          page.getByRole('grid', { name: 'Ценовой профиль' }).locator('tbody tr').first(),
        ).toBeVisible();
        await page.keyboard.press('j');
        await slow(page.locator('tr[data-active]')).toBeVisible();
        await page.keyboard.press('h');
        const chart = page.getByTestId('price-history-chart');
        await slow(chart).toHaveAttribute('data-points', /\d+/);
        await chart.scrollIntoViewIfNeeded();
      },
    ],
    [
      'harvester',
      '/panel/harvester',
      async () => {
        await slow(page.getByText('Сбор с фермы').first()).toBeVisible();
      },
    ],
    [
      'transfer-dialog',
      '/panel/accounts',
      async () => {
        await page.getByTestId('open-transfer').click();
        const dialog = page.getByRole('dialog', { name: 'Перевод баланса' });
        // The sender chosen, as a user starts: its balance shows and the receiver's saved key is offered.
        const sender = dialog.getByLabel('Отправитель');
        const value = await sender.locator('option', { hasText: SELLERS[0] }).getAttribute('value');
        await sender.selectOption(value!);
        const receiver = dialog.getByLabel('Получатель');
        await receiver.selectOption(
          (await receiver.locator('option', { hasText: SELLERS[1] }).getAttribute('value'))!,
        );
        await slow(dialog.getByTestId('sender-balance')).toBeVisible();
        await slow(dialog.getByTestId('transfer-history').locator('li')).toHaveCount(2);
      },
    ],
  ];
  for (const [name, path, ready] of shots) {
    await page.goto(`${url}${path}`);
    await ready();
    // Live data settles (hub snapshots, counters) before the picture.
    await page.waitForLoadState('networkidle').catch(() => {});
    await slow(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0);
    // Live screens show their hub connected, not "connecting".
    await slow(page.getByText('Подключение…')).toHaveCount(0);
    await screenshot(page, name);
    const unfold = page.getByRole('button', { name: 'Развернуть меню' });
    if (await unfold.isVisible()) await unfold.click();
  }

  // The command line's live view in a real terminal: the printed command's settings, watching the harvester.
  const settings = /^(TRADEDECK_CONFIG_DIR=\S+)/.exec(importCommand)![1]!;
  execFileSync('tmux', [
    '-L',
    TMUX_SOCKET,
    'new-session',
    '-d',
    '-s',
    'watch',
    '-x',
    '110',
    '-y',
    '30',
    '-c',
    ROOT,
    `${settings} TRADEDECK_LANG=en pnpm --silent tradedeck --server ${url} harvester watch; sleep 600`,
  ]);
  const capture = () =>
    execFileSync('tmux', ['-L', TMUX_SOCKET, 'capture-pane', '-p', '-e', '-t', 'watch'], {
      encoding: 'utf8',
    });
  await slow
    .poll(() => plainText(capture()), { timeout: 60_000 })
    .toMatch(/● live[\s\S]*Transactions of "Сбор с фермы": [1-9]\d*\/\d+ ended/);
  // A page of its own: the terminal picture is no panel page (and asks the panel for nothing).
  const terminal = await page.context().newPage();
  await terminalScreenshot(terminal, capture(), 'cli-harvester-watch');
  await terminal.close();
}
