import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const focusInside = (dialog: Locator) => dialog.evaluate((node) => node.contains(document.activeElement));
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const node = document.activeElement as HTMLElement | null;
    return node ? `${node.tagName}:${node.getAttribute('aria-label') ?? node.textContent?.trim() ?? ''}` : '';
  });

test.describe('modal focus', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('Tab and Shift+Tab cycle inside the top dialog, whatever holds focus; the page behind is inert', async ({
    page,
    baseUrl,
    keys,
  }) => {
    await page.goto(`${baseUrl}/dev/table?rows=50`);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
    await keys.press('j');
    await keys.press('Enter');
    const view = page.getByRole('dialog', { name: 'trader_000001' });
    await expect(view).toBeVisible();

    // Forwards and backwards, more stops than the dialog has: focus never leaves it and comes round again.
    const forwards: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(view)).toBe(true);
      forwards.push(await focusedName(page));
    }
    expect(new Set(forwards).size).toBeGreaterThan(1);
    expect(new Set(forwards).size).toBeLessThan(forwards.length);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(view)).toBe(true);
    }

    // Focus on the panel itself (a click on its text): neither direction leaves the dialog.
    await view.getByRole('heading', { name: 'trader_000001' }).click();
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(view)).toBe(true);
    await view.getByRole('heading', { name: 'trader_000001' }).click();
    await page.keyboard.press('Tab');
    expect(await focusInside(view)).toBe(true);

    // The page behind cannot be reached: inert, so clicks and focus do not land there.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    await page.evaluate(() => (document.querySelector('#root button') as HTMLElement).focus());
    expect(await focusInside(view)).toBe(true);

    // A child dialog takes the trap over; closing it gives it back, and closing the last frees the page.
    await view.getByRole('button', { name: 'Удалить' }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить?' });
    await expect(confirm).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(confirm)).toBe(true);
    }
    await expect(page.locator('[data-modal-level="0"]')).toHaveAttribute('inert', '');
    await keys.press('Escape');
    await expect(confirm).toBeHidden();
    await page.keyboard.press('Tab');
    expect(await focusInside(view)).toBe(true);
    await keys.press('Escape');
    await expect(view).toBeHidden();
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  });
});
