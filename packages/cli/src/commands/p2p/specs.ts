import { type CommandSpec, PAGING_OPTIONS, YES_OPTION } from '../../kit/spec.ts';

/** `tradedeck p2p`: the group's command. */
export const P2P: CommandSpec = { path: ['p2p'], text: 'p2pDescription' };

const SELLER_ALL = { flags: '--all', text: 'optSellerAll' } as const;
const FORCE = { flags: '--force', text: 'optForce' } as const;

/** The commands of `tradedeck p2p`, in help order: the transfer, the seller accounts, lots, sales and prices. */
export const P2P_COMMANDS = {
  transfer: {
    path: ['p2p', 'transfer'],
    text: 'transferDescription',
    options: [
      { flags: '--from <account>', text: 'optTransferFrom', required: true },
      { flags: '--to <account>', text: 'optTransferTo', required: true },
      { flags: '--amount <amount>', text: 'optTransferAmount', required: true },
      { flags: '--api-key <key>', text: 'optTransferApiKey' },
      { flags: '--remember-key', text: 'optRememberKey' },
      { flags: '--payment-password-stdin', text: 'optPaymentPasswordStdin' },
      { flags: '--remember-password', text: 'optRememberPassword' },
      { flags: '--checked-not-sent <transferId>', text: 'optCheckedNotSent' },
      YES_OPTION,
    ],
  },
  accounts: { path: ['p2p', 'accounts'], text: 'p2pAccountsDescription' },
  accountsLs: {
    path: ['p2p', 'accounts', 'ls'],
    text: 'p2pLsDescription',
    options: [
      { flags: '--status <status>', text: 'optSellerStatus', many: true },
      { flags: '--platform-status <status>', text: 'optPlatformStatus', many: true },
      { flags: '--search <text>', text: 'optSearch' },
      ...PAGING_OPTIONS,
    ],
  },
  accountsAdd: {
    path: ['p2p', 'accounts', 'add'],
    args: ['<steam-login>'],
    text: 'p2pAddDescription',
    options: [
      { flags: '--api-key <key>', text: 'optApiKey', required: true },
      { flags: '--payment-password-stdin', text: 'optPaymentPasswordStdin' },
      // Only to answer anyone who tries it: the payment password is never taken as an argument.
      { flags: '--payment-password <password>' },
      { flags: '--proxy <id|none>', text: 'optSellerProxy' },
      { flags: '--modules <list>', text: 'optModules' },
      { flags: '--currency <currency>', text: 'optAccountCurrency' },
    ],
  },
  accountsStart: {
    path: ['p2p', 'accounts', 'start'],
    args: ['[accounts...]'],
    text: 'p2pStartDescription',
    options: [SELLER_ALL],
  },
  accountsPause: {
    path: ['p2p', 'accounts', 'pause'],
    args: ['[accounts...]'],
    text: 'p2pPauseDescription',
    options: [SELLER_ALL],
  },
  accountsStop: {
    path: ['p2p', 'accounts', 'stop'],
    args: ['[accounts...]'],
    text: 'p2pStopDescription',
    options: [SELLER_ALL, FORCE, YES_OPTION],
  },
  accountsRm: {
    path: ['p2p', 'accounts', 'rm'],
    args: ['[accounts...]'],
    text: 'p2pRmDescription',
    options: [SELLER_ALL, FORCE, YES_OPTION],
  },
  accountsResetError: {
    path: ['p2p', 'accounts', 'reset-error'],
    args: ['[accounts...]'],
    text: 'p2pResetErrorDescription',
    options: [SELLER_ALL],
    examples: ['tradedeck p2p accounts reset-error seller_login', 'tradedeck p2p accounts reset-error --all'],
  },
  accountsWatch: {
    path: ['p2p', 'accounts', 'watch'],
    args: ['[accounts...]'],
    text: 'p2pWatchDescription',
    options: [
      { flags: '--until-online', text: 'optUntilOnline' },
      { flags: '--timeout <seconds>', text: 'optTimeout' },
    ],
  },
  lots: { path: ['p2p', 'lots'], text: 'lotsDescription' },
  lotsLs: {
    path: ['p2p', 'lots', 'ls'],
    text: 'lotsLsDescription',
    options: [
      { flags: '--status <status>', text: 'optLotStatus', many: true },
      { flags: '--issue <issue>', text: 'optLotIssue', many: true },
      { flags: '--market <market>', text: 'optLotMarket', many: true },
      { flags: '--search <text>', text: 'optLotSearch' },
      ...PAGING_OPTIONS,
    ],
    examples: [
      'tradedeck p2p lots ls --status on_sale --issue out_of_range',
      'tradedeck p2p lots ls --market waxpeer',
      'tradedeck p2p lots ls --all | cut -f2,4',
      'tradedeck p2p lots ls --all --json > lots.json',
    ],
  },
  reprice: {
    path: ['p2p', 'reprice'],
    text: 'repriceDescription',
    options: [
      { flags: '--strategy <spec>', text: 'optStrategy' },
      { flags: '--profile <profile>', text: 'optProfile' },
      { flags: '--preview', text: 'optPreview' },
      { flags: '--apply', text: 'optApply' },
      { flags: '--ids <ids>', text: 'optLotIds' },
      { flags: '--group <name>', text: 'optGroup', many: true },
      { flags: '--market <market>', text: 'optRepriceMarket', many: true },
      { flags: '--currency <code>', text: 'optPricesCurrency' },
      YES_OPTION,
    ],
    examples: [
      'tradedeck p2p reprice --strategy thresholds:95-105 --profile balanced',
      'tradedeck p2p reprice --market waxpeer --strategy thresholds:100-100 --profile aggressive --apply',
      'tradedeck p2p reprice --strategy single:median --group "AK-47 | Redline (Field-Tested)" --apply',
      'tradedeck p2p reprice --strategy fixed:10-12.5 --currency USD --ids 41,42 --apply --yes --json',
    ],
  },
  sales: {
    path: ['p2p', 'sales'],
    text: 'salesDescription',
    options: [
      { flags: '--from <day>', text: 'optFrom' },
      { flags: '--to <day>', text: 'optTo' },
      { flags: '--csv', text: 'optCsv' },
      ...PAGING_OPTIONS,
    ],
    examples: [
      'tradedeck p2p sales --from 2026-11-01 --to 2026-11-30',
      'tradedeck p2p sales --from 2026-11-01 --csv > november.csv',
    ],
  },
  prices: { path: ['p2p', 'prices'], text: 'pricesDescription' },
  pricesImport: {
    path: ['p2p', 'prices', 'import'],
    args: ['<file>'],
    text: 'pricesImportDescription',
    options: [{ flags: '--currency <code>', text: 'optPricesCurrency' }],
    examples: [
      'tradedeck p2p prices import prices.txt --currency USD',
      "cut -d, -f1,3 --output-delimiter=';' export.csv | tradedeck p2p prices import -",
    ],
  },
} as const satisfies Record<string, CommandSpec>;
