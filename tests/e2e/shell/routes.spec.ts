import { expect, test } from './fixtures.ts';

const AUTH_PAGES = [
  ['login', 'Login'],
  ['forgot-password', 'ForgotPassword'],
  ['reset-password', 'ForgotPasswordReset'],
  ['forgot-password-info', 'ForgotPasswordSended'],
  ['registration', 'Register'],
  ['email-confirmation', 'EmailConfirmation'],
  ['email-confirm', 'ConfirmationEmail'],
  ['email-resend', 'ResendEmail'],
  ['account-banned', 'AccountBanned'],
  ['pending-approval', 'PendingApproval'],
] as const;

const PROFILE_PAGES = ['account', 'security', 'security/change-password', 'security/change-email'];

const PANEL_PAGES = [
  ['dashboard', 'Дашборд'],
  ['steam-accounts', 'Steam аккаунты'],
  ['proxy', 'Прокси'],
  ['accounts', 'Аккаунты'],
  ['lots', 'Лоты'],
  ['sales-history', 'История продаж'],
  ['price-profile', 'Ценовой профиль'],
  ['harvester', 'Харвестер'],
  ['settings', 'Настройки'],
] as const;

test.describe('public routes', () => {
  test('landing, offline, maintenance and 404 need no sign-in', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/`);
    await expect(page.getByRole('link', { name: 'НАЧАТЬ ТОРГОВЛЮ' })).toHaveAttribute(
      'href',
      '/panel/dashboard',
    );
    await page.goto(`${baseUrl}/offline`);
    await expect(page.getByRole('heading', { name: 'Нет подключения' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Проверить подключение' })).toBeVisible();
    // Not in maintenance: the maintenance page checks and returns to the landing.
    await page.goto(`${baseUrl}/maintenance`);
    await expect(page).toHaveURL(`${baseUrl}/`);
    await expect(page.getByRole('link', { name: 'НАЧАТЬ ТОРГОВЛЮ' })).toBeVisible();
    await page.goto(`${baseUrl}/no/such/page`);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL(`${baseUrl}/`);
  });
});

test.describe('signed out', () => {
  test('every auth page is open', async ({ page, baseUrl }) => {
    for (const [path, name] of AUTH_PAGES) {
      await page.goto(`${baseUrl}/auth/${path}`);
      await expect(page.locator(`[data-route="${name}"]`)).toBeVisible();
    }
  });

  test('panel and profile pages send to Login with the way back', async ({ page, baseUrl }) => {
    for (const path of ['/panel', '/panel/proxy?tag=1', '/profile/security']) {
      await page.goto(`${baseUrl}${path}`);
      await expect(page.locator('[data-route="Login"]')).toBeVisible();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/auth/login');
      expect(url.searchParams.get('redirect')).toBe(path);
    }
  });

  test('legacy confirmation links keep their query string', async ({ page, baseUrl, allowConsole }) => {
    // The made-up link reaches the confirmation page, which the server refuses (400), as it should.
    allowConsole(/\/api\/auth\/confirm-email/);
    await page.goto(`${baseUrl}/confirmation/confirm-email?userId=7&code=a%2Bb`);
    await expect(page).toHaveURL(`${baseUrl}/auth/email-confirm?userId=7&code=a%2Bb`);
    await expect(page.locator('[data-route="ConfirmationEmail"]')).toBeVisible();
    await page.goto(`${baseUrl}/confirmation/reset-password?userId=7&code=c`);
    await expect(page).toHaveURL(`${baseUrl}/auth/reset-password?userId=7&code=c`);
    // The e-mail change confirmation is a profile page: signing in comes first, then it opens with the query.
    await page.goto(`${baseUrl}/confirmation/confirm-email-change?userId=7&code=d`);
    await expect(page.locator('[data-route="Login"]')).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('redirect')).toBe('/profile/security/change-email?userId=7&code=d');
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ signIn }) => signIn());

  test('/panel is Main, which opens the dashboard', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/panel`);
    await expect(page).toHaveURL(`${baseUrl}/panel/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
  });

  test('auth pages send a signed-in user to Main', async ({ page, baseUrl }) => {
    for (const [path] of AUTH_PAGES.slice(0, 3)) {
      await page.goto(`${baseUrl}/auth/${path}`);
      await expect(page).toHaveURL(`${baseUrl}/panel/dashboard`);
    }
  });

  test('every panel and profile page opens', async ({ page, baseUrl }) => {
    for (const [path, title] of PANEL_PAGES) {
      await page.goto(`${baseUrl}/panel/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    for (const path of PROFILE_PAGES) {
      await page.goto(`${baseUrl}/profile/${path}`);
      await expect(page.locator('[data-route^="Profile"]')).toBeVisible();
    }
  });

  test('socketdebug always ends on not found', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/panel/socketdebug`);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  });

  test('a page module that fails to load reloads at the target, then offers a retry', async ({
    page,
    baseUrl,
    allowConsole,
  }) => {
    allowConsole(/settings-page|Failed to fetch dynamically imported module|net::ERR_FAILED/);
    await page.goto(`${baseUrl}/panel/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
    await page.route('**/assets/settings-page-*.js', (route) => route.abort());
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.getByRole('menuitem', { name: 'Настройки' }).click();
    await expect(page.getByText('Ошибка загрузки страницы. Пожалуйста, попробуйте еще раз.')).toBeVisible();
    expect(documents).toEqual(['/panel/settings']);
    await page.unroute('**/assets/settings-page-*.js');
    await page.getByRole('button', { name: 'Повторить загрузку' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
  });
});
