import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@tradedeck/sdk/i18n';

export interface SavedSettings {
  server?: string;
  language?: Language;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';
export const SETTING_KEYS = ['server', 'language'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * Preferences in `config.json` of the settings directory (`TRADEDECK_CONFIG_DIR` moves it: tests, several
 * profiles). Every command reads them, so reading is a plain file read; conf, which writes the file atomically,
 * loads only when a setting is saved.
 */
export class Settings {
  readonly directory: string;
  #saved: SavedSettings | null = null;

  constructor(configDir = process.env.TRADEDECK_CONFIG_DIR) {
    this.directory = configDir || defaultDirectory();
  }

  /** The file the settings live in (`tradedeck config get` shows it). */
  get path(): string {
    return join(this.directory, 'config.json');
  }

  get<K extends SettingKey>(key: K): SavedSettings[K] {
    return this.all()[key];
  }

  async set<K extends SettingKey>(key: K, value: NonNullable<SavedSettings[K]>): Promise<void> {
    const { default: Conf } = await import('conf');
    const conf = new Conf<SavedSettings>({
      projectName: 'tradedeck',
      projectSuffix: '',
      clearInvalidConfig: true,
      configFileMode: 0o600,
      cwd: this.directory,
    });
    conf.set(key, value);
    this.#saved = { ...conf.store };
  }

  all(): SavedSettings {
    this.#saved ??= readSaved(this.path);
    return { ...this.#saved };
  }
}

function readSaved(path: string): SavedSettings {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    return parsed && typeof parsed === 'object' ? (parsed as SavedSettings) : {};
  } catch {
    // Missing or unreadable: no saved settings (conf starts the file again on the next save).
    return {};
  }
}

/** Where conf keeps a project's settings on each system (env-paths with no suffix). */
function defaultDirectory(): string {
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'tradedeck');
  if (process.platform === 'win32') {
    return join(process.env.APPDATA || join(home, 'AppData', 'Roaming'), 'tradedeck', 'Config');
  }
  return join(process.env.XDG_CONFIG_HOME || join(home, '.config'), 'tradedeck');
}
