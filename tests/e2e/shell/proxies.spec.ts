import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PROXY_AUTH, proxyPortsFromEnv } from './proxy-fixtures.ts';

/**
 * 200 lines: 101 proxies that work (100 through an open proxy, one with the right password), 94 that do not
 * (wrong password, refused port) and 5 lines that are not proxies. Every good line is `ip:port:login:pass`, so
 * the ip_port_auth export gives back exactly these lines.
 */
function proxyList() {
  const ports = proxyPortsFromEnv();
  const good: string[] = [];
  for (let i = 1; i <= 100; i++) good.push(`127.0.0.1:${ports.open}:buyer${i}:pw${i}`);
  good.push(`127.0.0.1:${ports.auth}:${PROXY_AUTH.username}:${PROXY_AUTH.password}`);
  for (let i = 1; i <= 44; i++) good.push(`127.0.0.1:${ports.auth}:${PROXY_AUTH.username}:wrong${i}`);
  for (let i = 1; i <= 50; i++) good.push(`127.0.0.1:${ports.refused}:dead${i}:pw${i}`);
  const bad = ['not a proxy at all', '1.2.3.4:99999', '300.1.2.3:8080', '1.2.3.4:0:user:pass', ':8080'];
  // The bad lines go at known places: lines 10, 50, 90, 130, 170.
  const lines = [...good];
  for (const [index, line] of bad.entries()) lines.splice(9 + index * 40, 0, line);
  return { lines, good, bad, badLineNumbers: [10, 50, 90, 130, 170] };
}

test.describe('proxies screen', () => {
  test.beforeEach(async ({ signIn }) => signIn());

  test('paste 200 lines, see the bad ones, save, check all live, filter by status, export', async ({
    page,
    baseUrl,
  }) => {
    test.setTimeout(120_000);
    const { lines, good, bad, badLineNumbers } = proxyList();
    await page.goto(`${baseUrl}/panel/proxy`);
    await expect(page.getByRole('heading', { name: 'Управление прокси' })).toBeVisible();
    await expect(page.locator('[data-live-state="live"]')).toBeVisible();

    // Add: the preview lists the five bad lines with their reasons after the parse delay.
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Список прокси').fill(lines.join('\n'));
    await expect(dialog.getByTestId('preview-ready')).toHaveText('195 прокси готовы к добавлению');
    const invalid = dialog.getByTestId('preview-invalid');
    await expect(invalid).toContainText('Неверный формат: 5');
    await expect(invalid.locator('li[data-line]')).toHaveCount(5);
    const listed = await invalid
      .locator('li[data-line]')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-line'))));
    expect(listed).toEqual(badLineNumbers);
    for (const line of bad) await expect(invalid).toContainText(line);
    await expect(invalid).toContainText('Порт должен быть числом от 1 до 65535');
    await expect(invalid).toContainText('Введите корректный IP-адрес или доменное имя');

    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog.getByTestId('added-count')).toHaveText('Добавлено 195 прокси');
    await expect(dialog.getByTestId('result-invalid').locator('li[data-line]')).toHaveCount(5);
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Строк на странице').selectOption('100');
    await expect(page.getByText('Всего 195 записей')).toBeVisible();
    // The table renders the rows in view (it is virtual): each of them is unchecked.
    const badges = page.locator('td [data-status]');
    await expect(badges.first()).toHaveAttribute('data-status', '0');
    const statusesShown = () =>
      badges.evaluateAll((list) => list.map((badge) => badge.getAttribute('data-status')));
    expect(new Set(await statusesShown())).toEqual(new Set(['0']));

    // Check all: from here on the list is not refetched, so every change on screen comes from the hub.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const held: Route[] = [];
    await page.route('**/api/proxies/query', (route) => {
      held.push(route);
    });
    // Checks over loopback can end within a frame or two: every text the progress showed is recorded as it appears.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const shown = document.querySelector('[data-testid="check-progress"]')?.textContent;
        if (shown) seen.push(shown);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Проверить все по фильтрам' }).click();
    const progressSeen = () =>
      page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    await expect.poll(async () => (await progressSeen()).some((text) => text.includes('из 195'))).toBe(true);
    await expect(page.getByTestId('check-progress')).toHaveCount(0, { timeout: 60_000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'Проверка завершена: валидных 101, невалидных 94' }),
    ).toBeVisible();
    const after = await statusesShown();
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((status) => status === '1' || status === '3')).toBe(true);
    expect(held.length).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    for (const route of held) await route.continue();
    await page.unroute('**/api/proxies/query');

    // Filter by status.
    await page.getByLabel('Статус', { exact: true }).selectOption('3');
    await expect(page).toHaveURL(/status=3/);
    await expect(page.getByText('Всего 94 записи')).toBeVisible();
    await expect(badges.first()).toHaveAttribute('data-status', '3');
    expect(new Set(await statusesShown())).toEqual(new Set(['3']));
    await page.getByLabel('Статус', { exact: true }).selectOption('1');
    await expect(page.getByText('Всего 101 запись')).toBeVisible();
    await expect(badges.first()).toHaveAttribute('data-status', '1');
    expect(new Set(await statusesShown())).toEqual(new Set(['1']));
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await expect(page.getByText('Всего 195 записей')).toBeVisible();

    // Export everything as ip:port:login:pass: the same lines as the good input.
    await page.getByRole('button', { name: 'Экспорт', exact: true }).click();
    const exportDialog = page.getByRole('dialog');
    await exportDialog.getByLabel('Формат').selectOption('ip_port_auth');
    await exportDialog.getByRole('radio', { name: /Все по текущим фильтрам \(195\)/ }).check();
    await exportDialog.getByRole('button', { name: 'Сформировать' }).click();
    const result = exportDialog.getByTestId('export-result');
    await expect(result).not.toHaveValue('');
    const exported = (await result.inputValue()).split('\n').filter((line) => line !== '');
    expect([...exported].sort()).toEqual([...good].sort());
    await page.keyboard.press('Escape');

    // The selection lives in the URL like the rest of the table, and row commands act on it by hotkey.
    const boxes = page.locator('td input[type=checkbox]');
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await expect(page).toHaveURL(/sel=\d+%2C\d+|sel=\d+,\d+/);
    await page.reload();
    await expect(page.getByTestId('selection-count')).toHaveText('Выбрано 2 строки');
    await page.locator('td input[type=checkbox]').nth(0).focus();
    await page.keyboard.press('c');
    await expect(page.getByRole('status').filter({ hasText: 'Проверка запущена: 2' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Проверка завершена/ })).toBeVisible();
  });

  test('the screen and its dialogs have no serious accessibility problems, light and dark', async ({
    page,
    baseUrl,
  }) => {
    // Each axe pass over a full page takes seconds, more on a busy machine.
    test.slow();
    for (const theme of ['light', 'dark']) {
      await page.context().addCookies([{ name: 'td_theme', value: theme, url: baseUrl }]);
      await page.goto(`${baseUrl}/panel/proxy`);
      await expect(page.locator('[data-live-state="live"]')).toBeVisible();
      await expectAccessible(page, `${theme} list`);
      await page.getByRole('button', { name: 'Добавить', exact: true }).click();
      await page.getByRole('dialog').getByLabel('Список прокси').fill('1.2.3.4:8080\nbad line\n1.2.3.4:8080');
      await expect(page.getByTestId('preview-invalid')).toBeVisible();
      await expectAccessible(page, `${theme} add dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Экспорт', exact: true }).click();
      await expectAccessible(page, `${theme} export dialog`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
});

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}
