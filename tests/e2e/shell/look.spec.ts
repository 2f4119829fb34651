import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

async function expectNoSeriousViolations(page: import('@playwright/test').Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

// One test per page and theme: an axe pass over a full page takes seconds, more on a busy machine, and each gets
// the whole test timeout.
const PUBLIC_PAGES = ['/', '/offline', '/no/such/page', '/auth/login', '/auth/registration'];
const PANEL_PAGES = [
  '/panel/dashboard',
  '/panel/settings',
  '/panel/proxy',
  '/dev/table?rows=500',
  '/profile/account',
  '/profile/security',
  '/panel/admin/users',
];

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    for (const path of PUBLIC_PAGES)
      test(`public page ${path}, ${theme}`, async ({ page, baseUrl }) => {
        await page.context().addCookies([{ name: 'td_theme', value: theme, url: baseUrl }]);
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${theme} ${path}`);
      });

    for (const path of PANEL_PAGES)
      test(`panel page ${path}, ${theme}`, async ({ page, baseUrl, signIn }) => {
        await signIn();
        await page.context().addCookies([{ name: 'td_theme', value: theme, url: baseUrl }]);
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${theme} ${path}`);
      });

    test(`the palette and the cheat sheet, ${theme}`, async ({ page, baseUrl, signIn, keys }) => {
      await signIn();
      await page.context().addCookies([{ name: 'td_theme', value: theme, url: baseUrl }]);
      await page.goto(`${baseUrl}/panel/dashboard`);
      // The shell's keys work once the page is drawn: the network may be idle before it is.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await keys.press('k', ['ctrl']);
      await expect(page.getByTestId('command-palette')).toBeVisible();
      await expectNoSeriousViolations(page, `${theme} palette`);
      await keys.press('Escape');
      await keys.question();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `${theme} cheat sheet`);
    });
  }
});

test.describe('screenshots', () => {
  for (const language of ['ru', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`dashboard, ${theme}, ${language}`, async ({ page, baseUrl, signIn }, testInfo) => {
        await signIn();
        await page.evaluate((lang) => localStorage.setItem('tradedeck.language', lang), language);
        await page.context().addCookies([{ name: 'td_theme', value: theme, url: baseUrl }]);
        await page.goto(`${baseUrl}/panel/dashboard`);
        await expect(
          page.getByRole('heading', { level: 1, name: language === 'ru' ? 'Дашборд' : 'Dashboard' }),
        ).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        const path = testInfo.outputPath(`dashboard-${theme}-${language}.png`);
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(`dashboard-${theme}-${language}`, { path, contentType: 'image/png' });
      });
    }
  }
});
