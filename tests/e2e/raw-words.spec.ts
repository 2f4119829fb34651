import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// What a trader reads about their own sessions: a name in their language for the clients that send a library's
// name or none, never the raw user agent of a script ("node", "lightMyRequest") or a bare dash.
let panel: SandboxPanel;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The suite's user signs in from Node, as the CLI does: its session names Node's HTTP client.
  panel = await startSandboxPanel('raw-words@example.test', 'rawwords');
});

test.afterAll(async () => {
  await panel?.stop();
});

for (const { language, cli } of [
  { language: 'ru', cli: 'Tradedeck CLI' },
  { language: 'en', cli: 'Tradedeck CLI' },
] as const) {
  test(`names a script's session in words, not its user agent (${language})`, async ({ page }) => {
    const problems = watchConsole(page);
    await panel.openPanel(page, '/profile/security', language);
    const sessions = page.getByRole('list', {
      name: language === 'ru' ? 'Активные сеансы' : 'Active sessions',
    });
    const names = sessions.getByTestId('device-name');
    await expect(names.first()).toBeVisible();
    await expect(names.filter({ hasText: cli })).not.toHaveCount(0);
    for (const name of await names.allInnerTexts()) {
      expect(name.trim(), 'a device name').not.toBe('');
      expect(name).not.toMatch(/^(node|undici|lightMyRequest|—|-)$/i);
    }
    expect(problems).toEqual([]);
  });
}
