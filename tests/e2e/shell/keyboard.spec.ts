import { expect, type LayoutName, test } from './fixtures.ts';

for (const layout of ['latin', 'russian'] as LayoutName[]) {
  test.describe(`keyboard only, ${layout} layout`, () => {
    test.beforeEach(async ({ signIn, keys }) => {
      keys.layout = layout;
      await signIn();
    });

    test('g-sequences move between sections', async ({ page, baseUrl, keys }) => {
      await page.goto(`${baseUrl}/panel/dashboard`);
      await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
      for (const [second, path] of [
        ['s', '/panel/steam-accounts'],
        ['p', '/panel/proxy'],
        ['a', '/panel/accounts'],
        ['o', '/panel/settings'],
        ['d', '/panel/dashboard'],
      ] as const) {
        await keys.press('g');
        await keys.press(second);
        await expect(page).toHaveURL(`${baseUrl}${path}`);
      }
      // A lone second stroke does nothing.
      await keys.press('p');
      await expect(page).toHaveURL(`${baseUrl}/panel/dashboard`);
      // [ folds the sidebar and unfolds it.
      await keys.bracket();
      await expect(page.locator('aside')).toHaveAttribute('data-collapsed', 'true');
      await keys.bracket();
      await expect(page.locator('aside')).toHaveAttribute('data-collapsed', 'false');
    });

    test('the palette finds commands typed on the wrong layout and runs them', async ({
      page,
      baseUrl,
      keys,
    }) => {
      await page.goto(`${baseUrl}/panel/dashboard`);
      await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
      await keys.press('k', ['ctrl']);
      const palette = page.getByTestId('command-palette');
      await expect(palette).toBeVisible();
      await expect(palette.getByRole('combobox')).toBeFocused();
      // Empty query: the suggestions of the spec.
      await expect(palette.getByRole('group', { name: 'Предложения' }).getByRole('option')).toHaveText([
        /Управление прокси/,
        /Steam аккаунты/,
        /Дашборд/,
      ]);
      // "ghjrcb" is "прокси" typed on the Latin layout; on ЙЦУКЕН the same keys type "прокси" itself.
      await keys.type('ghjrcb');
      await expect(palette.getByRole('combobox')).toHaveValue(layout === 'latin' ? 'ghjrcb' : 'прокси');
      await expect(palette.locator('[cmdk-item][aria-selected="true"]')).toContainText('Управление прокси');
      await keys.press('Enter');
      await expect(palette).toBeHidden();
      await expect(page).toHaveURL(`${baseUrl}/panel/proxy`);
      // Recent first: the command just run leads the list next time.
      await keys.slash();
      await expect(
        palette.getByRole('group', { name: 'Недавние' }).getByRole('option').first(),
      ).toContainText('Управление прокси');
      await keys.press('Escape');
      await expect(palette).toBeHidden();
    });

    test('nested palette pages with breadcrumbs', async ({ page, baseUrl, keys }) => {
      await page.goto(`${baseUrl}/panel/dashboard`);
      await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
      await keys.press('k', ['ctrl']);
      const palette = page.getByTestId('command-palette');
      // "ntvf" = "тема" on the Latin layout.
      await keys.type('ntvf');
      await expect(palette.locator('[cmdk-item][aria-selected="true"]')).toContainText('Тема');
      await keys.press('Enter');
      await expect(palette.getByRole('navigation', { name: 'Путь' })).toContainText('Тема');
      await expect(palette.getByRole('option')).toHaveCount(3);
      await keys.press('ArrowDown');
      await keys.press('Enter');
      await expect(page.locator('html')).toHaveClass(/dark/);
      // Backspace on an empty query leaves a page; Escape closes.
      await keys.press('k', ['ctrl']);
      await keys.type('ntvf');
      await keys.press('Enter');
      await keys.press('Backspace');
      await expect(palette.getByRole('navigation', { name: 'Путь' })).toHaveCount(0);
      await keys.press('Escape');
      await expect(palette).toBeHidden();
    });

    test('the cheat sheet and nested modals close from the top with Escape', async ({
      page,
      baseUrl,
      keys,
    }) => {
      await page.goto(`${baseUrl}/dev/table?rows=300`);
      const grid = page.getByRole('grid');
      await expect(grid).toBeVisible();
      await keys.question();
      const sheet = page.getByRole('dialog', { name: 'Горячие клавиши' });
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText('Дашборд');
      await keys.press('Escape');
      await expect(sheet).toBeHidden();

      // Row view (level 0) → its confirm (level 1): z-index 1000 and 1010; Escape closes only the top one.
      await keys.press('j');
      await keys.press('j');
      await keys.press('Enter');
      const view = page.getByRole('dialog', { name: 'trader_000002' });
      await expect(view).toBeVisible();
      await keys.press('Tab');
      await expect(view.getByRole('button', { name: 'Удалить' })).toBeFocused();
      await keys.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Удалить?' });
      await expect(confirm).toBeVisible();
      await expect(page.locator('[data-modal-level="0"]')).toHaveCSS('z-index', '1000');
      await expect(page.locator('[data-modal-level="1"]')).toHaveCSS('z-index', '1010');
      // Table keys are silent while a dialog is open.
      await keys.press('x');
      await expect(page.getByTestId('selection-count')).toHaveCount(0);
      await keys.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(view).toBeVisible();
      await keys.press('Escape');
      await expect(view).toBeHidden();
    });

    test('table rows: j/k cursor, x selects, Shift extends a range, Mod+A takes the page', async ({
      page,
      baseUrl,
      keys,
    }) => {
      await page.goto(`${baseUrl}/dev/table?rows=300`);
      const grid = page.getByRole('grid');
      await expect(grid).toBeVisible();
      const count = page.getByTestId('selection-count');
      for (let i = 0; i < 4; i++) await keys.press('j');
      await keys.press('k');
      await expect(grid.locator('tr[data-active]')).toContainText('trader_000003');
      await keys.press('x');
      await expect(count).toHaveText('Выбрана 1 строка');
      await keys.press('j');
      await keys.press('j', ['shift']);
      await keys.press('j', ['shift']);
      await expect(count).toHaveText('Выбрано 4 строки');
      await expect(grid.locator('tr[aria-selected="true"]')).toHaveText([
        /trader_000003/,
        /trader_000004/,
        /trader_000005/,
        /trader_000006/,
      ]);
      await keys.press('ArrowUp', ['shift']);
      await expect(count).toHaveText('Выбрано 3 строки');
      await keys.press('a', ['ctrl']);
      await expect(count).toHaveText('Выбрано 50 строк');
      await keys.press('Escape');
      await expect(count).toHaveCount(0);
      // A bulk action: select with Space, remove through the confirm dialog.
      await keys.press('Space');
      await expect(count).toHaveText('Выбрана 1 строка');
      await page.getByRole('toolbar').getByRole('button', { name: 'Удалить' }).focus();
      await keys.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Удалить?' })).toContainText('Удалить 1 аккаунт?');
      await keys.press('Enter');
      await expect(count).toHaveCount(0);
    });
  });
}
