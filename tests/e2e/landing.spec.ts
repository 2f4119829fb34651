import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';

test.describe('landing page', () => {
  test('renders in Russian by default and switches to English, with no console errors', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Торгуйте предметами Steam');
    await expect(page.getByText('BETA LIVE')).toBeVisible();
    await expect(page.getByRole('link', { name: 'НАЧАТЬ ТОРГОВЛЮ' })).toBeVisible();

    await page.getByRole('button', { name: 'en', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade Steam Items');
    await expect(page.getByText('Like a Pro')).toBeVisible();
    await expect(page.getByRole('link', { name: 'START TRADING' })).toHaveAttribute(
      'href',
      '/panel/dashboard',
    );
    for (const tag of ['Safe Trading', 'Best Prices', 'Instant Deals', 'Steam Items']) {
      await expect(page.getByText(tag, { exact: true })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade Steam Items');
    await page.screenshot({ path: test.info().outputPath('landing-en.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('serves the app shell for client routes and the 404 page for unknown paths', async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('404')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('same-origin API', () => {
  test('answers the connectivity probe and wraps unknown API routes in the envelope', async ({ request }) => {
    const head = await request.head('/');
    expect(head.status()).toBe(200);
    expect(head.headers()['cache-control']).toBe('no-store');
    const missing = await request.get('/api/x');
    expect(missing.status()).toBe(404);
    const body = await missing.json();
    expect(body).toMatchObject({ success: false, data: null, error: { resultCode: 3 } });
    expect(body.error.traceId).toBeTruthy();
  });
});
