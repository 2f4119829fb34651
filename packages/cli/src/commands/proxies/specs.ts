import { type CommandSpec, type OptionSpec, PAGING_OPTIONS, YES_OPTION } from '../../kit/spec.ts';

/** `tradedeck proxies`: the group's command. */
export const PROXIES: CommandSpec = { path: ['proxies'], text: 'proxiesDescription' };

/** The filters `ls` and `export` share, in help order after the tag. */
const PLACE_OPTIONS: readonly OptionSpec[] = [
  { flags: '--tag <tag>', text: 'optProxyTagFilter' },
  { flags: '--country <cc>', text: 'optProxyCountry' },
  { flags: '--status <status>', text: 'optProxyStatus', many: true },
  { flags: '--search <text>', text: 'optSearch' },
];

/** The commands of `tradedeck proxies`, in help order. */
export const PROXIES_COMMANDS = {
  import: {
    path: ['proxies', 'import'],
    args: ['[file]'],
    text: 'proxiesImportDescription',
    options: [
      { flags: '--tag <tag>', text: 'optProxyImportTag' },
      { flags: '--protocol <protocol>', text: 'optProxyProtocol' },
      { flags: '--update-passwords', text: 'optProxyUpdatePasswords' },
    ],
    examples: [
      'tradedeck proxies import proxies.txt --tag fresh',
      'cat list.txt | tradedeck proxies import - --protocol socks5',
    ],
  },
  ls: {
    path: ['proxies', 'ls'],
    text: 'proxiesLsDescription',
    options: [...PLACE_OPTIONS, ...PAGING_OPTIONS],
    examples: [
      'tradedeck proxies ls --tag fresh --status idle',
      'tradedeck proxies ls --all | cut -f3',
      'tradedeck proxies ls --country DE --json',
    ],
  },
  check: {
    path: ['proxies', 'check'],
    text: 'proxiesCheckDescription',
    options: [
      { flags: '--all', text: 'optCheckAll' },
      { flags: '--tag <tag>', text: 'optProxyTagFilter' },
      { flags: '--ids <ids>', text: 'optCheckIds' },
      { flags: '--timeout <seconds>', text: 'optCheckTimeout' },
    ],
    examples: ['tradedeck proxies check --tag fresh', 'tradedeck proxies check --ids 1,2,3 --timeout 60'],
  },
  export: {
    path: ['proxies', 'export'],
    text: 'proxiesExportDescription',
    options: [
      { flags: '--format <format>', text: 'optExportFormat' },
      { flags: '--template <template>', text: 'optExportTemplate' },
      ...PLACE_OPTIONS,
    ],
    examples: [
      'tradedeck proxies export --format ip_port_auth --tag fresh > proxies.txt',
      'tradedeck proxies export --template "{protocol}://{login}:{pass}@{ip}:{port}"',
    ],
  },
  rm: {
    path: ['proxies', 'rm'],
    args: ['[ids...]'],
    text: 'proxiesRmDescription',
    options: [
      { flags: '--tag <tag>', text: 'optRmTag' },
      { flags: '--all', text: 'optRmAll' },
      { flags: '--detach', text: 'optDetach' },
      YES_OPTION,
    ],
    examples: [
      'tradedeck proxies rm 12 13',
      'tradedeck proxies rm --tag old --yes',
      'tradedeck proxies rm 7 --detach',
    ],
  },
  tag: { path: ['proxies', 'tag'], text: 'proxiesTagDescription' },
  tagAdd: {
    path: ['proxies', 'tag', 'add'],
    args: ['<tag>', '<ids...>'],
    text: 'proxiesTagAddDescription',
    examples: ['tradedeck proxies tag add fresh 1 2 3'],
  },
  tagRm: {
    path: ['proxies', 'tag', 'rm'],
    args: ['<tag>', '<ids...>'],
    text: 'proxiesTagRmDescription',
    examples: ['tradedeck proxies tag rm fresh 1,2,3'],
  },
} as const satisfies Record<string, CommandSpec>;
