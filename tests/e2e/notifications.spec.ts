import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The notification area against a sandbox server of this suite's own: a finished proxy check posts a notification
// that arrives live over notifications-hub, and the user marks it read from the panel by keyboard.
let panel: SandboxPanel;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  panel = await startSandboxPanel('notify@example.test', 'notify');
  // Two proxies on loopback ports nothing listens on: the check finishes at once, both invalid.
  await panel.api('/api/proxies', { proxies: '127.0.0.1:9\n127.0.0.1:19', defaultProtocol: 0 });
});

test.afterAll(async () => {
  await panel?.stop();
});

test('a finished proxy check arrives live in the notification area and is marked read', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/dashboard', 'en');
  const bell = page.getByTestId('notification-bell');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 30_000 });
  await expect(page.getByTestId('notification-unread')).toHaveCount(0);

  const proxies = await panel.api<{ items: { id: number }[] }>('/api/proxies/query', {});
  await panel.api('/api/proxies/check', { ids: proxies.items.map((p) => p.id) });

  // Live: the count appears without a reload.
  await expect(page.getByTestId('notification-unread')).toHaveText('1', { timeout: 30_000 });
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');

  // Keyboard: the palette command opens the panel at the bottom right.
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  const area = page.getByRole('dialog', { name: 'Notifications' });
  await expect(area).toBeVisible();
  await expect(area).toBeFocused();
  const box = (await area.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  const item = area.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Finished: proxy check');
  await expect(item).toContainText('2 in all: 0 succeeded, 2 failed');
  await expect(item).toHaveAttribute('data-read', 'false');

  const markRead = area.getByRole('button', { name: 'Mark read: Finished: proxy check' });
  await markRead.focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('notification-unread')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');

  // Kept on the server: a reload shows it read.
  await page.reload();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');
  expect(problems).toEqual([]);
});
