import { test as base, type CDPSession, expect, type Page } from '@playwright/test';
import { shellAccessToken } from './account.ts';

/**
 * Operations the web app already calls but the server answers with 404 until their areas land. Only a 404 is
 * forgiven, so the same tests hold once the operations exist.
 */
export const PENDING_SERVER_PATHS: string[] = [];

export const TOKEN_KEY = 'tradedeck.accessToken';

interface ShellFixtures {
  baseUrl: string;
  /** Console errors the test expects (matched against text or source URL). */
  allowConsole: (pattern: RegExp) => void;
  signIn: () => Promise<void>;
  keys: Keys;
}

/**
 * Every test fails on a page error or a console error, except 404s of the pending operations above and
 * what the test allows explicitly (a blocked connectivity probe, say).
 */
export const test = base.extend<ShellFixtures>({
  // The global setup sets SHELL_BASE_URL; without it the project's baseURL serves.
  baseUrl: async ({ baseURL }, use) => {
    const url = process.env.SHELL_BASE_URL ?? baseURL?.replace(/\/$/, '');
    if (!url) throw new Error('No server: run with e2e/playwright.config.ts or set baseURL');
    await use(url);
  },
  allowConsole: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        const source = message.location().url ?? '';
        const pending = PENDING_SERVER_PATHS.some((path) => source.includes(path)) && /404/.test(text);
        if (pending || allowed.some((pattern) => pattern.test(text) || pattern.test(source))) return;
        errors.push(`${text} (${source})`);
      });
      await use((pattern) => allowed.push(pattern));
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  signIn: async ({ page, baseUrl }, use) => {
    await use(async () => {
      // A real sign-in against the server, once per worker and renewed before the 15-minute token ends (the
      // login limit is 10 a minute per address); the access token goes where the app keeps it.
      const token = await shellAccessToken(page.request, baseUrl);
      await page.goto(`${baseUrl}/`);
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: TOKEN_KEY,
        value: JSON.stringify(token),
      });
    });
  },
  keys: async ({ page }, use) => {
    await use(new Keys(page));
  },
});

export { expect };

export type LayoutName = 'latin' | 'russian';

const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RUSSIAN = 'йцукенгшщзхъфывапролджэячсмитьбю';

const MODIFIER = { alt: 1, ctrl: 2, meta: 4, shift: 8 } as const;
type Modifier = keyof typeof MODIFIER;

const SPECIAL: Record<string, { key: string; code: string; vk: number }> = {
  Enter: { key: 'Enter', code: 'Enter', vk: 13 },
  Escape: { key: 'Escape', code: 'Escape', vk: 27 },
  Space: { key: ' ', code: 'Space', vk: 32 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', vk: 40 },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', vk: 38 },
  Tab: { key: 'Tab', code: 'Tab', vk: 9 },
  Backspace: { key: 'Backspace', code: 'Backspace', vk: 8 },
};

/**
 * Sends key events as a browser on the given layout does: the physical key (`code`) stays, the character
 * (`key`) follows the layout, so `g` on ЙЦУКЕН arrives as key "п", code "KeyG".
 */
export class Keys {
  #cdp: CDPSession | null = null;
  layout: LayoutName = 'latin';

  constructor(private readonly page: Page) {}

  async #session(): Promise<CDPSession> {
    this.#cdp ??= await this.page.context().newCDPSession(this.page);
    return this.#cdp;
  }

  /** One key by its Latin letter or a special name; `mods` as in "ctrl+shift". */
  async press(name: string, mods: Modifier[] = []): Promise<void> {
    if (SPECIAL[name]) {
      // Named keys are the same on every layout; Playwright also performs their default actions (Tab, Enter).
      const prefix = mods.map((mod) => ({ alt: 'Alt', ctrl: 'Control', meta: 'Meta', shift: 'Shift' })[mod]);
      await this.page.keyboard.press([...prefix, name].join('+'));
      return;
    }
    const cdp = await this.#session();
    const modifiers = mods.reduce((sum, mod) => sum + MODIFIER[mod], 0);
    const event = this.#describe(name, mods.includes('shift'));
    const typesText = event.text !== undefined && !mods.includes('ctrl') && !mods.includes('meta');
    await cdp.send('Input.dispatchKeyEvent', {
      type: typesText ? 'keyDown' : 'rawKeyDown',
      key: event.key,
      code: event.code,
      windowsVirtualKeyCode: event.vk,
      modifiers,
      ...(typesText ? { text: event.text, unmodifiedText: event.text } : {}),
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: event.key,
      code: event.code,
      windowsVirtualKeyCode: event.vk,
      modifiers,
    });
  }

  /** Types Latin letters as physical keys (on the Russian layout "ghjrcb" arrives as "прокси"). */
  async type(latin: string): Promise<void> {
    for (const ch of latin) await this.press(ch);
  }

  /** `?`: Shift+/ on Latin, Shift+7 on ЙЦУКЕН. */
  async question(): Promise<void> {
    const cdp = await this.#session();
    const [code, vk] = this.layout === 'latin' ? ['Slash', 191] : ['Digit7', 55];
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: '?',
      code,
      windowsVirtualKeyCode: vk,
      modifiers: MODIFIER.shift,
      text: '?',
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: '?',
      code,
      windowsVirtualKeyCode: vk,
      modifiers: 8,
    });
  }

  /** `[`: BracketLeft (on ЙЦУКЕН it types "х"). */
  async bracket(): Promise<void> {
    const cdp = await this.#session();
    const key = this.layout === 'latin' ? '[' : 'х';
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key,
      code: 'BracketLeft',
      windowsVirtualKeyCode: 219,
      text: key,
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key,
      code: 'BracketLeft',
      windowsVirtualKeyCode: 219,
    });
  }

  /** `/`: the Slash key (on ЙЦУКЕН it types "." but the key is the same). */
  async slash(): Promise<void> {
    const cdp = await this.#session();
    const key = this.layout === 'latin' ? '/' : '.';
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key,
      code: 'Slash',
      windowsVirtualKeyCode: 191,
      text: key,
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key,
      code: 'Slash',
      windowsVirtualKeyCode: 191,
    });
  }

  #describe(name: string, shift: boolean): { key: string; code: string; vk: number; text?: string } {
    const special = SPECIAL[name];
    if (special) return name === 'Space' ? { ...special, text: ' ' } : special;
    const index = LATIN.indexOf(name.toLowerCase());
    if (index < 0 || !/[a-z]/.test(name)) throw new Error(`no key for ${name}`);
    const letter = this.layout === 'latin' ? name.toLowerCase() : RUSSIAN[index]!;
    const key = shift ? letter.toUpperCase() : letter;
    return { key, code: `Key${name.toUpperCase()}`, vk: name.toUpperCase().charCodeAt(0), text: key };
  }
}
