import type { accountsTexts } from '../commands/accounts/texts.ts';
import type { mafilesTexts } from '../commands/accounts/texts-mafiles.ts';
import type { tradingTexts } from '../commands/accounts/texts-trading.ts';
import type { adminTexts } from '../commands/admin/texts.ts';
import type { configTexts } from '../commands/config/texts.ts';
import type { confirmationsTexts } from '../commands/confirmations/texts.ts';
import type { currenciesTexts } from '../commands/currencies/texts.ts';
import type { harvesterTexts } from '../commands/harvester/texts.ts';
import type { hubTexts } from '../commands/hub/texts.ts';
import type { ledgerTexts } from '../commands/ledger/texts.ts';
import type { p2pTexts } from '../commands/p2p/texts.ts';
import type { lotsTexts } from '../commands/p2p/texts-lots.ts';
import type { portfolioTexts } from '../commands/portfolio/texts.ts';
import type { proxiesTexts } from '../commands/proxies/texts.ts';
import type { sessionTexts } from '../commands/session/texts.ts';
import type { statusTexts } from '../commands/status/texts.ts';
import type { workspaceTexts } from '../commands/workspace/texts.ts';
import type { kitTexts } from '../kit/texts.ts';
import type { sharedTexts } from './shared.ts';

/** The keys of one text set. */
type KeysOf<T> = T extends { en: Readonly<Record<infer K, string>> } ? K : never;

/** Every text key: the shared texts and those of every command group, loaded or not. */
export type MessageKey =
  | KeysOf<typeof sharedTexts>
  | KeysOf<typeof kitTexts>
  | KeysOf<typeof mafilesTexts>
  | KeysOf<typeof tradingTexts>
  | KeysOf<typeof accountsTexts>
  | KeysOf<typeof adminTexts>
  | KeysOf<typeof configTexts>
  | KeysOf<typeof confirmationsTexts>
  | KeysOf<typeof currenciesTexts>
  | KeysOf<typeof harvesterTexts>
  | KeysOf<typeof hubTexts>
  | KeysOf<typeof ledgerTexts>
  | KeysOf<typeof lotsTexts>
  | KeysOf<typeof p2pTexts>
  | KeysOf<typeof portfolioTexts>
  | KeysOf<typeof proxiesTexts>
  | KeysOf<typeof sessionTexts>
  | KeysOf<typeof statusTexts>
  | KeysOf<typeof workspaceTexts>;
