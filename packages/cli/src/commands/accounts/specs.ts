import { type CommandSpec, PAGING_OPTIONS, YES_OPTION } from '../../kit/spec.ts';

/** `tradedeck accounts`: the group's command. */
export const ACCOUNTS: CommandSpec = { path: ['accounts'], text: 'accountsDescription' };

/** The commands of `tradedeck accounts`, in help order. */
export const ACCOUNTS_COMMANDS = {
  import: {
    path: ['accounts', 'import'],
    text: 'accountsImportDescription',
    options: [
      { flags: '--mafiles <path>', text: 'optMafiles', required: true },
      { flags: '--lines <file>', text: 'optLines' },
      { flags: '--mode <mode>', text: 'optMode' },
      { flags: '--proxy-tag <tag>', text: 'optProxyTag' },
      { flags: '--max-per-proxy <n>', text: 'optMaxPerProxy' },
      { flags: '--passkey-stdin', text: 'optPasskeyStdin' },
      // Only to answer anyone who tries it: the passkey is never taken as an argument.
      { flags: '--passkey <passkey>' },
      { flags: '--retry-failed', text: 'optRetryFailed' },
      { flags: '--chunk <n>', text: 'optChunk' },
    ],
    examples: [
      'tradedeck accounts import --mafiles ./maFiles --lines accounts.txt',
      'tradedeck accounts import --mafiles maFiles.zip --lines accounts.txt --mode distribute --proxy-tag pool',
      'tradedeck accounts import --mafiles ./maFiles --lines accounts.txt --retry-failed',
    ],
  },
  ls: {
    path: ['accounts', 'ls'],
    text: 'accountsLsDescription',
    options: [
      { flags: '--status <status>', text: 'optAccountStatus', many: true },
      { flags: '--search <text>', text: 'optSearch' },
      ...PAGING_OPTIONS,
    ],
    examples: ['tradedeck accounts ls --status error', 'tradedeck accounts ls --all --json'],
  },
  code: {
    path: ['accounts', 'code'],
    args: ['<login>'],
    text: 'accountsCodeDescription',
    options: [{ flags: '--copy', text: 'optCopy' }],
    examples: ['tradedeck accounts code mylogin', 'tradedeck accounts code mylogin --copy'],
    // Benchmarked for its start-up (`pnpm bench cli`): it loads its own code and texts, not commander's.
    direct: async () => {
      const [{ showGuardCode }] = await Promise.all([import('./account-code.ts'), import('./texts.ts')]);
      return (ctx, [login], flags) => showGuardCode(ctx, login as string, { copy: flags.has('--copy') });
    },
  },
  inventory: {
    path: ['accounts', 'inventory'],
    args: ['<login>'],
    text: 'accountsInventoryDescription',
    options: [
      { flags: '--game <game>', text: 'optGame' },
      { flags: '--refresh', text: 'optRefreshInventory' },
    ],
    examples: ['tradedeck accounts inventory mylogin'],
  },
  offers: {
    path: ['accounts', 'offers'],
    args: ['<login>'],
    text: 'accountsOffersDescription',
    options: [
      { flags: '--sent', text: 'optSent' },
      { flags: '--received', text: 'optReceived' },
    ],
    examples: ['tradedeck accounts offers mylogin'],
  },
  mafile: {
    path: ['accounts', 'mafile'],
    args: ['<login>', '<file>'],
    text: 'accountsMafileDescription',
  },
  assignProxies: {
    path: ['accounts', 'assign-proxies'],
    args: ['<file>'],
    text: 'accountsAssignDescription',
    examples: ['tradedeck accounts assign-proxies pairs.txt'],
  },
  rm: {
    path: ['accounts', 'rm'],
    args: ['[accounts...]'],
    text: 'accountsRmDescription',
    options: [{ flags: '--all', text: 'optRmAllAccounts' }, YES_OPTION],
    examples: ['tradedeck accounts rm mylogin 42', 'tradedeck accounts rm --all --yes'],
  },
} as const satisfies Record<string, CommandSpec>;
