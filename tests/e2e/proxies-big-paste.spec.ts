import { expect, type Route, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// A big proxy paste as a trader meets it: the server may store it for longer than a request usually takes.
let panel: SandboxPanel;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('paste@example.test', 'paste');
});

test.afterAll(async () => {
  await panel?.stop();
});

test('a save the server works on for more than 30 s ends with its result, never back at "Сохранить"', async ({
  page,
}) => {
  const problems = watchConsole(page);
  // The page's clock is the test's: the save's wait is moved past 30 s without waiting for it.
  await page.clock.install();
  await panel.openPanel(page, '/panel/proxy');
  await expect(page.getByRole('heading', { name: 'Управление прокси' })).toBeVisible();

  const lines = Array.from({ length: 300 }, (_, i) => `10.60.${Math.floor(i / 250)}.${(i % 250) + 1}:8080`);
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Список прокси').fill(lines.join('\n'));
  await expect(dialog.getByTestId('preview-ready')).toHaveText('300 прокси готовы к добавлению');

  // The server's answer is held, as a long transaction holds it, while the page's clock moves on 40 s.
  let held: Route | null = null;
  await page.route('**/api/proxies', (route) => {
    if (route.request().method() === 'POST') held = route;
    else void route.continue();
  });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect.poll(() => held !== null).toBe(true);
  await expect(dialog.getByTestId('add-saving')).toContainText('Сохраняем 300 прокси');
  await page.clock.fastForward(40_000);
  await expect(dialog.getByTestId('add-saving')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Сохранение…' })).toBeDisabled();

  await (held as Route | null)!.continue();
  await expect(dialog.getByTestId('added-count')).toHaveText('Добавлено 300 прокси');
  const stored = await panel.api<{ total: number }>('/api/proxies/query', {
    pages: { page: 1, pageSize: 10 },
  });
  expect(stored.total).toBe(300);
  expect(problems).toEqual([]);
});
