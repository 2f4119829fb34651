import { describe, expect, it } from 'vitest';
import { deviceName } from '../src/features/profile/device-name.ts';
import { createI18n } from './helpers/texts.ts';

describe('device session names', () => {
  it('name the clients that send no browser agent in both languages, and keep a browser’s own', () => {
    for (const language of ['ru', 'en'] as const) {
      const t = createI18n(language).getFixedT(language, 'translation', 'account');
      const names = [null, '', 'lightMyRequest', 'node', 'undici', 'tradedeck-cli/0.1.0'].map((agent) =>
        deviceName(agent, t),
      );
      for (const name of names) expect(name).not.toMatch(/^—?$|lightMyRequest|^node$|undici/);
      expect(names[2]).toBe(
        language === 'ru'
          ? 'Сам сервер (вход демо при запуске)'
          : 'The server itself (the demo signing in at start)',
      );
      expect(names[3]).toBe('Tradedeck CLI');
      expect(names[0]).toBe(
        language === 'ru' ? 'Устройство не назвало себя' : 'The device did not name itself',
      );
    }
    const t = createI18n('en').getFixedT('en', 'translation', 'account');
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0';
    expect(deviceName(browser, t)).toBe(browser);
  });
});
