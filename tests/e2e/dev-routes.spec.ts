import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';

const ASSETS = fileURLToPath(new URL('../../packages/server/public/assets/', import.meta.url));

test.describe('production build', () => {
  test('has no development route: /dev/table is the 404 page', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/dev/table?rows=10');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('ships no code of the development screens', () => {
    const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => name.startsWith('dev-table'))).toEqual([]);
    const mentions = scripts.filter((name) =>
      readFileSync(`${ASSETS}${name}`, 'utf8').includes('/dev/table'),
    );
    expect(mentions).toEqual([]);
  });
});
