import { expect, test } from './fixtures.ts';

test.describe('layout', () => {
  test.beforeEach(async ({ signIn }) => signIn());

  test('appearance choices live in cookies for 30 days and apply at once', async ({
    page,
    baseUrl,
    context,
  }) => {
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.getByRole('menuitem', { name: /Ширина/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-width', 'boxed');
    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.getByRole('menuitem', { name: /Оформление/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'bordered');
    await page.getByRole('button', { name: 'Тема' }).click();
    await page.getByRole('menuitem', { name: /Тёмная/ }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await expect(page.locator('aside')).toHaveAttribute('data-collapsed', 'true');

    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect([
      cookies.td_theme?.value,
      cookies.td_width?.value,
      cookies.td_skin?.value,
      cookies.td_sidebar?.value,
    ]).toEqual(['dark', 'boxed', 'bordered', '1']);
    const days = (cookies.td_theme!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('html')).toHaveAttribute('data-width', 'boxed');
    await expect(page.locator('aside')).toHaveAttribute('data-collapsed', 'true');
  });

  test('scroll-to-top appears after 200 px of scrolling', async ({ page, baseUrl }) => {
    await page.setViewportSize({ width: 700, height: 360 });
    await page.goto(`${baseUrl}/panel/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Наверх' });
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('the sidebar lists Main, Trading with the P2P seller group, and Tools', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/panel/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await expect(nav).toContainText('Главное');
    await expect(nav).toContainText('Торговля');
    await expect(nav).toContainText('Инструменты');
    const group = nav.getByRole('button', { name: 'P2P продавец' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Лоты' })).toBeVisible();
    await group.click();
    await expect(nav.getByRole('link', { name: 'Лоты' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Харвестер' }).click();
    await expect(page).toHaveURL(`${baseUrl}/panel/harvester`);
  });
});
