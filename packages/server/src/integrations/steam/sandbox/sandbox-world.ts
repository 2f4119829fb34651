/**
 * The simulated Steam of sandbox mode: every account is derived from its login and a seed, so the same login
 * always has the same password, secrets, SteamID, persona and avatar, and any number of healthy accounts
 * (`sandbox_bot_0001`, ...) exists without being stored. The maFiles it writes are SDA files with the SteamID
 * as a bare 64-bit number, read by the sdk maFile reader like any other.
 */
import { createHash } from 'node:crypto';
import type { TradeGame } from '@tradedeck/sdk/domain';
import { SANDBOX_CASES, type SandboxBehaviour } from './sandbox-cases.ts';
import type { SandboxChange, SandboxJournal } from './sandbox-journal.ts';
import type { SandboxAsset } from './trading/sandbox-inventories.ts';
import { SandboxTradeBook } from './trading/sandbox-trade-book.ts';
import { SANDBOX_TRADE_CASES, type SandboxTradeBehaviour } from './trading/sandbox-trade-cases.ts';

export const SANDBOX_SEED = 'tradedeck-sandbox';
/** Top of the individual SteamID64 range (unallocated account ids), so no real account is ever named. */
const STEAM_ID_BASE = 76561202255100000n;
const BOT_LOGIN = /^sandbox_bot_(\d{4,6})$/;
const BOT_INDEX_OFFSET = 1000;
/** Trading failure cases sit between the sign-in cases and the bots. */
const TRADE_CASE_INDEX_OFFSET = 100;
const HEALTHY: SandboxBehaviour = { result: 'ok', offered: [3] };

export interface SandboxAccount {
  login: string;
  password: string;
  steamId: string;
  sharedSecret: string;
  identitySecret: string;
  personaName: string;
  avatarUrl: string;
  behaviour: SandboxBehaviour;
  /** How the account fails at trading, or null when it trades normally. */
  trading: SandboxTradeBehaviour | null;
}

function digest(seed: string, text: string): Buffer {
  return createHash('sha1').update(`${seed}:${text}`).digest();
}

export function sandboxBotLogin(n: number): string {
  return `sandbox_bot_${String(n).padStart(4, '0')}`;
}

/** An SVG avatar as a data URL: sandbox pages never load anything from outside. */
function avatarFor(login: string, seed: string): string {
  const hue = digest(seed, `${login}:hue`).readUInt16BE(0) % 360;
  const letters = login
    .replace(/^sandbox_/, '')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="184" height="184"><rect width="184" height="184" fill="hsl(${hue},55%,45%)"/><text x="92" y="116" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">${letters}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export interface SandboxWorldOptions {
  /**
   * Egress addresses (`host:port`) that Steam treats as over its rate limit: every sign-in through them is
   * answered 84, whatever the account, as live Steam limits by IP. By default none.
   */
  rateLimitedProxies?: readonly string[];
  /**
   * Items in each game's inventory of every account (the same for all); by default each account gets its own
   * deterministic count per game.
   */
  inventorySizes?: Partial<Record<TradeGame, number>>;
  /** Where changes are kept across restarts (trades, confirmations, ended sessions); in memory only without. */
  journal?: SandboxJournal | null;
  /**
   * How long a send waits before answering once the offer exists (Steam answering slowly): a process killed
   * meanwhile leaves an offer it never heard of. None by default. Every delay here is waited on the Steam port's
   * clock, so a test that moves that clock moves past them.
   */
  sendAnswerDelayMs?: number;
  /** How long a confirmation answer waits before replying, after it took effect (a lost multiajaxop reply). */
  confirmAnswerDelayMs?: number;
  /** How long a sign-in takes (Steam answering slowly): an import is still under way a while. None by default. */
  signInDelayMs?: number;
  /** How long an inventory page takes (Steam answering slowly): a refresh batch is still under way a while. */
  inventoryDelayMs?: number;
  /**
   * Every account has confirmations waiting that Tradedeck did not create, one of each kind (a server's own world
   * and the demo: the confirmations centre shows something). Off by default, so a test sees only its own.
   */
  standingConfirmations?: boolean;
}

export class SandboxWorld {
  readonly #rateLimited: ReadonlySet<string>;
  readonly #revokedAt = new Map<string, number>();
  /** Trading failure cases whose cause was fixed (`liftTradeCase`): they trade normally from then on. */
  readonly #lifted = new Set<string>();
  #trading: SandboxTradeBook | null = null;
  readonly inventorySizes: Partial<Record<TradeGame, number>>;
  readonly sendAnswerDelayMs: number;
  readonly confirmAnswerDelayMs: number;
  readonly signInDelayMs: number;
  readonly inventoryDelayMs: number;
  readonly standingConfirmations: boolean;
  readonly #journal: SandboxJournal | null;
  #replaying = false;

  constructor(
    readonly seed: string = SANDBOX_SEED,
    options: SandboxWorldOptions = {},
  ) {
    this.#rateLimited = new Set((options.rateLimitedProxies ?? []).map((key) => key.toLowerCase()));
    this.inventorySizes = options.inventorySizes ?? {};
    this.sendAnswerDelayMs = options.sendAnswerDelayMs ?? 0;
    this.confirmAnswerDelayMs = options.confirmAnswerDelayMs ?? 0;
    this.signInDelayMs = options.signInDelayMs ?? 0;
    this.inventoryDelayMs = options.inventoryDelayMs ?? 0;
    this.standingConfirmations = options.standingConfirmations ?? false;
    this.#journal = options.journal ?? null;
    this.catchUp();
  }

  /**
   * Applies the changes other processes sharing the journal made since the last look, so that this world answers
   * what Steam holds now (an offer another process sent, a confirmation it answered).
   */
  catchUp(): void {
    if (this.#journal && !this.#replaying) this.replay(this.#journal.readNew());
  }

  /**
   * Makes a change: with a journal, under its lock, after catching up, so the change lands on the world every
   * process sees and takes the next ids in the journal's one order. Every `record` happens inside one.
   */
  change<T>(work: () => T): T {
    const journal = this.#journal;
    if (!journal || this.#replaying) return work();
    return journal.locked(() => {
      this.catchUp();
      return work();
    });
  }

  /** Keeps a change in the journal (when there is one) before it is answered; called inside `change`. */
  record(change: SandboxChange): void {
    if (this.#journal && !this.#replaying) this.#journal.append(change);
  }

  /** Applies journalled changes in order, as they first happened. */
  private replay(changes: readonly SandboxChange[]): void {
    this.#replaying = true;
    try {
      for (const change of changes) {
        const account = this.findBySteamId(change.steamId);
        if (change.op === 'revoke') this.revokeSessions(change.steamId, change.at);
        else if (change.op === 'lift') this.liftTradeCase(change.steamId, change.now);
        else if (change.op === 'ack') this.trading.acknowledge(change.steamId);
        else if (change.op === 'move') this.moveAsset(change.steamId, change.to, change.asset, change.now);
        else if (!account) continue;
        else if (change.op === 'send') this.trading.send(account, change.input, change.now);
        else if (change.op === 'accept') this.trading.accept(account, change.offerId, change.now);
        else if (change.op === 'decline') this.trading.decline(change.steamId, change.offerId, change.now);
        else if (change.op === 'cancel') this.trading.cancel(change.steamId, change.offerId, change.now);
        else if (change.op === 'respond')
          this.trading.respond(account, change.ids, change.accept, change.now);
      }
    } finally {
      this.#replaying = false;
    }
  }

  /** Inventories, trade offers and confirmations of the sandbox (made on first use). */
  get trading(): SandboxTradeBook {
    this.#trading ??= new SandboxTradeBook(this);
    return this.#trading;
  }

  /**
   * Ends every session of an account issued up to `atSeconds` (Steam time), as when the user revokes them on
   * Steam: its refresh and access tokens stop working until it signs in again.
   */
  revokeSessions(steamId: string, atSeconds: number): void {
    this.change(() => {
      this.#revokedAt.set(steamId, atSeconds);
      this.record({ op: 'revoke', steamId, at: atSeconds });
    });
  }

  /**
   * Fixes a trading failure account's cause, as its owner would on Steam (the ban lifted, the authenticator's
   * confirmations showing again, the escrow hold over): it trades normally from now on, and its offers that waited
   * for a confirmation that never appeared get one.
   */
  liftTradeCase(steamId: string, now: number): void {
    this.change(() => {
      this.#lifted.add(steamId);
      this.record({ op: 'lift', steamId, now });
      this.trading.restoreConfirmations(steamId, now);
    });
  }

  /** Moves an item between two accounts outside any trade offer (the sandbox market's past and reversed sales). */
  moveAsset(from: string, to: string, asset: SandboxAsset, now: number): void {
    this.change(() => {
      this.record({ op: 'move', steamId: from, to, asset, now });
      this.trading.inventories.remove(from, asset);
      this.trading.inventories.receive(to, asset, now);
    });
  }

  /** Whether a token of this account issued at `issuedAt` (Steam seconds) was revoked. */
  isRevoked(steamId: string, issuedAt: number): boolean {
    this.catchUp();
    const at = this.#revokedAt.get(steamId);
    return at !== undefined && issuedAt <= at;
  }

  /** Whether sign-ins through this egress (`host:port`) meet Steam's rate limit. */
  rateLimits(egress: string): boolean {
    return this.#rateLimited.has(egress.toLowerCase());
  }

  /** The account of a login (any case), or null when Steam would not know it. */
  find(login: string): SandboxAccount | null {
    const normalized = login.trim().toLowerCase();
    const caseIndex = SANDBOX_CASES.findIndex((item) => item.login === normalized);
    if (caseIndex >= 0) return this.account(normalized, caseIndex + 1, SANDBOX_CASES[caseIndex]!.steam);
    const tradeIndex = SANDBOX_TRADE_CASES.findIndex((item) => item.login === normalized);
    if (tradeIndex >= 0) {
      const trading = SANDBOX_TRADE_CASES[tradeIndex]!.trading;
      return this.account(normalized, TRADE_CASE_INDEX_OFFSET + tradeIndex + 1, HEALTHY, trading);
    }
    const bot = BOT_LOGIN.exec(normalized);
    if (bot) return this.account(normalized, BOT_INDEX_OFFSET + Number(bot[1]), HEALTHY);
    return null;
  }

  findBySteamId(steamId: string): SandboxAccount | null {
    if (!/^\d{17}$/.test(steamId)) return null;
    const index = Number(BigInt(steamId) - STEAM_ID_BASE);
    if (index >= 1 && index <= SANDBOX_CASES.length) return this.find(SANDBOX_CASES[index - 1]!.login);
    const tradeCase = SANDBOX_TRADE_CASES[index - TRADE_CASE_INDEX_OFFSET - 1];
    if (index > TRADE_CASE_INDEX_OFFSET && tradeCase) return this.find(tradeCase.login);
    if (index > BOT_INDEX_OFFSET) return this.find(sandboxBotLogin(index - BOT_INDEX_OFFSET));
    return null;
  }

  /** Every failure-case account, in the order of the sdk corpus. */
  caseAccounts(): SandboxAccount[] {
    return SANDBOX_CASES.map((item) => this.find(item.login)!);
  }

  /** Every trading failure-case account (they sign in normally). */
  tradeCaseAccounts(): SandboxAccount[] {
    return SANDBOX_TRADE_CASES.map((item) => this.find(item.login)!);
  }

  /** `count` healthy accounts starting at `sandbox_bot_<first>`. */
  healthyAccounts(count: number, first = 1): SandboxAccount[] {
    return Array.from({ length: count }, (_, i) => this.find(sandboxBotLogin(first + i))!);
  }

  private account(
    login: string,
    index: number,
    behaviour: SandboxBehaviour,
    trading: SandboxTradeBehaviour | null = null,
  ): SandboxAccount {
    const seed = this.seed;
    const steamId = (STEAM_ID_BASE + BigInt(index)).toString();
    return {
      login,
      password: `Sb-${digest(seed, `${login}:password`).toString('base64url').slice(0, 12)}`,
      steamId,
      sharedSecret: digest(seed, `${login}:shared`).toString('base64'),
      identitySecret: digest(seed, `${login}:identity`).toString('base64'),
      personaName: login.replace(/^sandbox_/, 'Sandbox ').replace(/_/g, ' '),
      avatarUrl: avatarFor(login, seed),
      behaviour,
      trading: this.#lifted.has(steamId) ? null : trading,
    };
  }
}

/** An SDA maFile (SteamID as a bare 64-bit number, no session: the first sign-in uses the password). */
export function sandboxMafileText(account: SandboxAccount, seed: string = SANDBOX_SEED): string {
  const hex = (kind: string) => digest(seed, `${account.login}:${kind}`).toString('hex');
  const device = hex('device');
  const body = {
    shared_secret: account.sharedSecret,
    serial_number: BigInt(`0x${hex('serial').slice(0, 15)}`).toString(),
    revocation_code: `R${(digest(seed, `${account.login}:rcode`).readUInt32BE(0) % 90000) + 10000}`,
    uri: `otpauth://totp/Steam:${account.login}?secret=${hex('shared').toUpperCase().slice(0, 32)}&issuer=Steam`,
    server_time: 1_700_000_000,
    account_name: account.login,
    token_gid: hex('gid').slice(0, 16),
    identity_secret: account.identitySecret,
    secret_1: digest(seed, `${account.login}:secret1`).toString('base64'),
    status: 1,
    device_id: `android:${device.slice(0, 8)}-${device.slice(8, 12)}-${device.slice(12, 16)}-${device.slice(16, 20)}-${device.slice(20, 32)}`,
    fully_enrolled: true,
    Session: { SteamID: 'STEAM_ID_PLACEHOLDER' },
  };
  return JSON.stringify(body, null, 2).replace('"STEAM_ID_PLACEHOLDER"', account.steamId);
}

/** The account line (`login:password`) the add wizard and the CLI take next to the maFiles. */
export function sandboxAccountLine(account: SandboxAccount): string {
  return `${account.login}:${account.password}`;
}
