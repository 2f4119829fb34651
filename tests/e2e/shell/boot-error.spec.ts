import { expect, test } from './fixtures.ts';

const PANEL_ENTRY = /\/assets\/panel-entry-[^/]+\.js$/;

test.describe('network initialisation error', () => {
  test('the app part that cannot be downloaded shows the error, and Retry loads the page', async ({
    page,
    baseUrl,
    allowConsole,
  }) => {
    allowConsole(/ERR_INTERNET_DISCONNECTED|Failed to load resource|dynamically imported module/);
    await page.route(PANEL_ENTRY, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}/auth/login`);
    const alert = page.getByTestId('boot-error');
    await expect(alert.getByRole('heading', { level: 1 })).toHaveText('Ошибка инициализации сети');
    await expect(alert).toContainText('Проверьте подключение к интернету');

    await page.unroute(PANEL_ENTRY);
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await expect(page.locator('input[name="email"]')).toBeVisible();
  });
});
