import { join } from 'node:path';
import type { Language } from '@tradedeck/sdk/i18n';
import Conf from 'conf';

export interface SavedSettings {
  server?: string;
  language?: Language;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';
export const SETTING_KEYS = ['server', 'language'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Preferences kept by conf; `TRADEDECK_CONFIG_DIR` moves them (tests, several profiles). */
export class Settings {
  readonly #conf: Conf<SavedSettings>;

  constructor(configDir = process.env.TRADEDECK_CONFIG_DIR) {
    this.#conf = new Conf<SavedSettings>({
      projectName: 'tradedeck',
      projectSuffix: '',
      clearInvalidConfig: true,
      configFileMode: 0o600,
      ...(configDir ? { cwd: configDir } : {}),
    });
  }

  get directory(): string {
    return join(this.#conf.path, '..');
  }

  get<K extends SettingKey>(key: K): SavedSettings[K] {
    return this.#conf.get(key);
  }

  set<K extends SettingKey>(key: K, value: NonNullable<SavedSettings[K]>): void {
    this.#conf.set(key, value);
  }

  all(): SavedSettings {
    return { ...this.#conf.store };
  }
}
