import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck config`: the group's command. */
export const CONFIG: CommandSpec = { path: ['config'], text: 'configDescription' };

/** The commands of `tradedeck config`, in help order. */
export const CONFIG_COMMANDS = {
  get: {
    path: ['config', 'get'],
    args: ['[key]'],
    text: 'configGetDescription',
    examples: ['tradedeck config get', 'tradedeck config get server'],
  },
  set: {
    path: ['config', 'set'],
    args: ['<key>', '<value>'],
    text: 'configSetDescription',
    examples: ['tradedeck config set server http://127.0.0.1:8080', 'tradedeck config set language ru'],
  },
} as const satisfies Record<string, CommandSpec>;
