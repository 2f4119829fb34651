import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck settings`: the group's command. */
export const SETTINGS: CommandSpec = { path: ['settings'], text: 'settingsDescription' };

/** The commands of `tradedeck settings`, and `tradedeck rates`, in help order. */
export const CURRENCIES_COMMANDS = {
  get: {
    path: ['settings', 'get'],
    text: 'settingsGetDescription',
    isDefault: true,
    examples: ['tradedeck settings', 'tradedeck settings get --json'],
  },
  set: {
    path: ['settings', 'set'],
    args: ['<field>', '<currency>'],
    text: 'settingsSetDescription',
    examples: ['tradedeck settings set displayed EUR', 'tradedeck settings set tm USD'],
  },
  rates: {
    path: ['rates'],
    text: 'ratesDescription',
    examples: ['tradedeck rates', 'tradedeck rates --json'],
  },
} as const satisfies Record<string, CommandSpec>;
