import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Holds or fails the connectivity probe (HEAD /) while leaving every other request alone. */
class ProbeGate {
  mode: 'fail' | 'hold' | 'pass' = 'pass';
  held: Route[] = [];
  probes = 0;

  handle = async (route: Route) => {
    if (route.request().method() !== 'HEAD') return route.fallback();
    this.probes += 1;
    if (this.mode === 'fail') return route.abort('internetdisconnected');
    if (this.mode === 'hold') {
      this.held.push(route);
      return;
    }
    return route.fallback();
  };

  async release(): Promise<void> {
    const routes = this.held.splice(0);
    await Promise.all(routes.map((route) => route.fallback()));
  }
}

test.describe('network state', () => {
  test.beforeEach(async ({ signIn, allowConsole }) => {
    allowConsole(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    await signIn();
  });

  test('5 failed checks go offline; 2 good ones come back to the same page', async ({ page, baseUrl }) => {
    const gate = new ProbeGate();
    await page.clock.install();
    await page.route(`${baseUrl}/`, gate.handle);
    await page.goto(`${baseUrl}/panel/settings?tab=x`);
    await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();

    gate.mode = 'fail';
    // The quiet check after 30 s fails, then back-off 5, 7.5, 11.25, 16.875 s.
    for (const seconds of [30, 5, 7.5, 11.25]) {
      await page.clock.runFor(seconds * 1000);
      await expect(page).toHaveURL(`${baseUrl}/panel/settings?tab=x`);
    }
    await expect.poll(() => gate.probes).toBe(4);
    await page.clock.runFor(16_875);
    await expect.poll(() => gate.probes).toBe(5);
    await expect(page).toHaveURL(`${baseUrl}/offline`);
    const bar = page.getByTestId('network-bar');
    await expect(bar).toHaveText('Нет подключения к интернету');

    // A check under way shows "Connecting...".
    gate.mode = 'hold';
    await page.getByRole('button', { name: 'Проверить подключение' }).click();
    await expect(bar).toHaveText('Подключение...');
    gate.mode = 'pass';
    await gate.release();
    await expect(bar).toHaveText('Нет подключения к интернету');
    await expect(page).toHaveURL(`${baseUrl}/offline`);
    // The second success 1 s later restores the connection and the saved route.
    await page.clock.runFor(1000);
    await expect(bar).toHaveText('Подключено');
    await page.clock.runFor(150);
    await expect(page).toHaveURL(`${baseUrl}/panel/settings?tab=x`);
    await page.clock.runFor(2000);
    await expect(bar).toBeHidden();
  });

  test('the browser offline event goes offline at once; the mobile toast offers retry', async ({
    page,
    baseUrl,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${baseUrl}/panel/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
    await context.setOffline(true);
    await expect(page).toHaveURL(`${baseUrl}/offline`);
    const toast = page.getByTestId('network-toast');
    await expect(toast).toContainText('Нет подключения к интернету');
    await expect(page.getByTestId('network-bar')).toBeHidden();
    await context.setOffline(false);
    await toast.getByRole('button', { name: 'Повторить' }).click();
    // One success is not enough; the confirming check follows within a second.
    await expect(toast).toContainText('Подключено', { timeout: 5000 });
    await expect(page).toHaveURL(`${baseUrl}/panel/dashboard`);
    await toast.getByRole('button', { name: 'Закрыть' }).click();
    await expect(toast).toBeHidden();
  });
});
