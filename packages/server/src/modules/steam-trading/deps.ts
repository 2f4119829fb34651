import type { FastifyBaseLogger } from 'fastify';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { SandboxWorld, SteamPort } from '../../integrations/steam/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { OpenedTradingAccount, SteamAccountsApi } from '../steam-accounts/index.ts';
import type { SteamTradingRepo } from './repo.ts';
import type { ScanListener } from './types.ts';

/** An account opened for trading (secrets in memory only), as the Steam accounts area hands it over. */
export type TradingAccount = OpenedTradingAccount;

/**
 * Whether the account's confirmation rules let Tradedeck confirm its own offer right after sending or accepting
 * it. The confirmations area keeps the rules (per account tag); the app hands this in at wiring time, so trading
 * never imports the area that reads through it.
 */
export type OwnOfferConfirmRule = (userId: string, accountId: number) => Promise<boolean>;

/** What the Steam trading services share. */
export interface TradingDeps {
  repo: SteamTradingRepo;
  accounts: SteamAccountsApi['trading'];
  steam: SteamPort;
  secrets: SecretBox;
  jobs: Jobs;
  eventLog: EventLog;
  /** The simulated Steam in sandbox mode (null in live mode). */
  sandboxWorld: SandboxWorld | null;
  /** This server process (`newProcessOwner()`): the owner of the intents it is calling Steam for. */
  processId: string;
  /** Whether one process owns the database (PGlite): an intent pending under another owner is orphaned. */
  singleProcess: boolean;
  log: FastifyBaseLogger;
  /** Other areas told of every stored scan, in its transaction (the portfolio's holdings). */
  scanListeners: ScanListener[];
  /** Whether a confirmation asked for right after our own send or accept is given (the tag rules). */
  ownOfferRule: OwnOfferConfirmRule;
  now: () => number;
}
