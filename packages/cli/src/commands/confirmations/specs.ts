import type { CommandSpec, OptionSpec } from '../../kit/spec.ts';

/** Which confirmations: the accounts (by login or id, or by tag), their kinds, only ours or only the others. */
const FILTER_OPTIONS: readonly OptionSpec[] = [
  { flags: '--tag <tag>', text: 'optConfTag', many: true },
  { flags: '--type <type>', text: 'optConfType', many: true },
  { flags: '--account <login>', text: 'optConfAccount', many: true },
  { flags: '--ours', text: 'optConfOurs' },
  { flags: '--foreign', text: 'optConfForeign' },
];

/** One confirmation by its id (of one account), one trade offer's, or every one that matches the filter. */
const TARGET_OPTIONS: readonly OptionSpec[] = [
  { flags: '--id <id>', text: 'optConfId', many: true },
  { flags: '--offer-id <id>', text: 'optConfOfferId' },
  { flags: '--all-matching', text: 'optConfAllMatching' },
  ...FILTER_OPTIONS,
];

/** `tradedeck confirmations`: the group; alone, it lists (`ls` is its default command). */
export const CONFIRMATIONS: CommandSpec = { path: ['confirmations'], text: 'confirmationsDescription' };

export const CONFIRMATIONS_COMMANDS = {
  ls: {
    path: ['confirmations', 'ls'],
    text: 'confirmationsDescription',
    options: [
      ...FILTER_OPTIONS,
      { flags: '--refresh', text: 'optConfRefresh' },
      { flags: '--source <source>', text: 'optConfSource' },
    ],
    isDefault: true,
    examples: [
      'tradedeck confirmations',
      'tradedeck confirmations --refresh',
      'tradedeck confirmations --tag farm --type trade --json',
      'tradedeck confirmations --ours --source steam',
      'tradedeck confirmations --foreign | cut -f1,2,3',
    ],
  },
  accept: {
    path: ['confirmations', 'accept'],
    text: 'confirmationsAcceptDescription',
    options: TARGET_OPTIONS,
    examples: [
      'tradedeck confirmations accept --offer-id 7000000001',
      'tradedeck confirmations accept --account mylogin --id 30000000001',
      'tradedeck confirmations accept --all-matching --ours --tag farm',
    ],
  },
  deny: {
    path: ['confirmations', 'deny'],
    text: 'confirmationsDenyDescription',
    options: TARGET_OPTIONS,
    examples: [
      'tradedeck confirmations deny --account mylogin --id 30000000001',
      'tradedeck confirmations deny --all-matching --type apiKey',
    ],
  },
} as const satisfies Record<string, CommandSpec>;
