import { expect, test } from './fixtures.ts';
import { startTestServer, type TestServer } from './server.ts';

const ETA = '2030-01-02T03:04:00.000Z';

test.describe('maintenance', () => {
  let server: TestServer | null = null;
  test.beforeEach(({ allowConsole }) => {
    // Each test starts two server processes inside its own time (40-53 s of its 60 s at load average 18, and over
    // it before): a start takes what the machine gives it, so the budget is three times the project's.
    test.slow();
    // These tests restart the server on the same port: requests in that gap are refused, or reset when the old
    // process closes a connection mid-request.
    allowConsole(/ERR_CONNECTION_(REFUSED|RESET)/);
  });
  test.afterEach(async () => {
    await server?.stop();
    server = null;
  });

  test('system.status sends every page to Maintenance, which returns to / once it is over', async ({
    page,
  }) => {
    server = await startTestServer({
      TRADEDECK_MAINTENANCE: 'on',
      TRADEDECK_MAINTENANCE_REASON: 'Обновление базы данных',
      TRADEDECK_MAINTENANCE_ETA: ETA,
    });
    const { url, port } = server;
    await page.clock.install();
    await page.goto(`${url}/panel/dashboard`);
    await expect(page).toHaveURL(`${url}/maintenance`);
    await expect(page.getByRole('heading', { name: 'Технические работы' })).toBeVisible();
    await expect(page.getByTestId('maintenance-reason')).toContainText('Обновление базы данных');
    await expect(page.getByTestId('maintenance-eta')).toContainText('2030');
    // The manual check while maintenance lasts keeps the page.
    await page.getByRole('button', { name: 'Проверить доступность' }).click();
    await expect(page).toHaveURL(`${url}/maintenance`);

    // The same address comes back without maintenance; the 30 s poll notices. The page's time stands still while
    // the server is away: a restart slower than the poll (over 30 s at load average 20) let a poll fail and the
    // page count the server as offline, which is not what this test is about.
    await page.clock.pauseAt(Date.now() + 1_000);
    await server.stop();
    server = await startTestServer({}, port);
    await page.clock.runFor(30_000);
    await page.clock.resume();
    await expect(page).toHaveURL(`${url}/`);
    await expect(page.getByRole('link', { name: 'НАЧАТЬ ТОРГОВЛЮ' })).toBeVisible();
  });

  test('without a reason or an estimate the page shows neither; the button checks at once', async ({
    page,
  }) => {
    server = await startTestServer({ TRADEDECK_MAINTENANCE: 'on' });
    const { url, port } = server;
    await page.clock.install();
    await page.goto(`${url}/maintenance`);
    await expect(page.getByRole('heading', { name: 'Технические работы' })).toBeVisible();
    await expect(page.getByTestId('maintenance-reason')).toHaveCount(0);
    await expect(page.getByTestId('maintenance-eta')).toHaveCount(0);
    // No poll runs while the server is away (as above); the button's own check is what this test is about.
    await page.clock.pauseAt(Date.now() + 1_000);
    await server.stop();
    server = await startTestServer({}, port);
    await page.clock.resume();
    await page.getByRole('button', { name: 'Проверить доступность' }).click();
    await expect(page).toHaveURL(`${url}/`);
  });
});
