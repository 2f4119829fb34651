import type { FastifyBaseLogger } from 'fastify';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { SandboxWorld, SteamPort, SteamProxy } from '../../integrations/steam/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { SteamTradingRepo } from './repo.ts';

/** An account opened for trading (secrets in memory only), as the Steam accounts area hands it over. */
export interface TradingAccount {
  id: number;
  login: string;
  steamId: string | null;
  status: number;
  lastErrorReason: string | null;
  proxy: SteamProxy | null;
  refreshToken: string | null;
  identitySecret: string | null;
  deviceId: string | null;
}

/** What this area needs of the Steam accounts area. */
export interface TradingAccounts {
  ownedIds(userId: string, ids: readonly number[]): Promise<Set<number>>;
  open(userId: string, id: number): Promise<TradingAccount | null>;
  saveRefreshToken(userId: string, id: number, refreshToken: string): Promise<void>;
  setStatus(userId: string, id: number, status: number, reason: string | null): Promise<boolean>;
  signInAgain(
    userId: string,
    id: number,
  ): Promise<{ ok: true; refreshToken: string } | { ok: false; reason: string }>;
}

export interface SteamTradingDeps {
  repo: SteamTradingRepo;
  accounts: TradingAccounts;
  steam: SteamPort;
  secrets: SecretBox;
  jobs: Jobs;
  eventLog: EventLog;
  /** The simulated Steam in sandbox mode (null in live mode). */
  sandboxWorld: SandboxWorld | null;
  /** This server process: the owner of the intents it is calling Steam for. */
  processId: string;
  /** Whether one process owns the database (PGlite): an intent pending under another owner is orphaned. */
  singleProcess: boolean;
  log: FastifyBaseLogger;
  now: () => number;
}
