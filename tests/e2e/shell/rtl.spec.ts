import { expect, test } from './fixtures.ts';

test.describe('right-to-left', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('the direction switch sets dir on <html> and the panel mirrors: sidebar on the right', async ({
    page,
    baseUrl,
  }) => {
    await page.goto(`${baseUrl}/panel/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'ltr');
    const viewport = page.viewportSize()!;
    const sidebar = page.locator('aside');
    const main = page.locator('main');
    expect((await sidebar.boundingBox())!.x).toBe(0);

    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.getByRole('menuitem', { name: /Направление/ }).click();
    await expect(html).toHaveAttribute('dir', 'rtl');

    // The sidebar sits at the right edge and the page to its left, not under it.
    // Polled: the layout settles a frame or two after the direction flips.
    await expect
      .poll(async () => {
        const side = (await sidebar.boundingBox())!;
        const content = (await main.boundingBox())!;
        return {
          sidebarEndsAtRightEdge: Math.round(side.x + side.width) === viewport.width,
          contentLeftOfSidebar: content.x + content.width <= side.x + 1,
        };
      })
      .toEqual({ sidebarEndsAtRightEdge: true, contentLeftOfSidebar: true });
    // The top bar mirrors too: its last control (the profile menu) is now at the left.
    const profile = (await page.getByRole('button', { name: 'Профиль' }).boundingBox())!;
    expect(profile.x).toBeLessThan(viewport.width / 2);
    // Directional icons point the other way: the collapse chevron is mirrored.
    const chevron = sidebar.locator('button svg').first();
    await expect(chevron).toHaveCSS('scale', '-1 1');
    await page.screenshot({ path: test.info().outputPath('panel-rtl.png'), fullPage: true });

    // Kept across a reload (cookie), and the switch brings left-to-right back.
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.getByRole('menuitem', { name: /Направление/ }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    expect((await sidebar.boundingBox())!.x).toBe(0);
  });
});
