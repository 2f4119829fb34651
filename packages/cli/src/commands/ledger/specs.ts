import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck ledger`: profit from the ledger (docs/ledger.md), with the holds, the cost import and reconciliation. */
export const LEDGER: CommandSpec = {
  path: ['ledger'],
  text: 'ledgerDescription',
  options: [
    { flags: '--from <day>', text: 'ledgerOptFrom' },
    { flags: '--to <day>', text: 'ledgerOptTo' },
    { flags: '--by <group>', text: 'ledgerOptBy' },
    { flags: '--method <method>', text: 'ledgerOptMethod' },
    { flags: '--currency <code>', text: 'ledgerOptCurrency' },
    { flags: '--csv', text: 'ledgerOptCsv' },
    { flags: '--entries', text: 'ledgerOptEntries' },
  ],
  examples: [
    'tradedeck ledger --from 2026-11-01 --by account',
    'tradedeck ledger --by month --method average --json',
    'tradedeck ledger --csv --entries > ledger.csv',
  ],
};

export const LEDGER_COMMANDS = {
  holds: { path: ['ledger', 'holds'], text: 'ledgerHoldsDescription', examples: ['tradedeck ledger holds'] },
  import: {
    path: ['ledger', 'import'],
    args: ['<file>', '<currency>'],
    text: 'ledgerImportDescription',
    examples: ['tradedeck ledger import purchases.csv USD'],
  },
  reconcile: {
    path: ['ledger', 'reconcile'],
    text: 'ledgerReconcileDescription',
    examples: ['tradedeck ledger reconcile --json'],
  },
} as const satisfies Record<string, CommandSpec>;
