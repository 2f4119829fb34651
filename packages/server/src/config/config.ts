import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ServerMode } from '@tradedeck/sdk/contract';
import envPaths from 'env-paths';

export interface MaintenanceOverride {
  active: boolean;
  reason: string | null;
  estimatedCompletion: string | null;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Postgres connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory, or `memory://` for a throw-away in-memory database. */
  dataDir: string;
  /**
   * TRADEDECK_PGLITE_THREAD: run the embedded database on a worker thread of its own (off by default;
   * docs/performance.md, "PGlite on a thread of its own"). Absent when the variable is unset.
   */
  embeddedThread?: boolean;
  mode: ServerMode;
  publicUrl: string | null;
  /**
   * Reverse proxies whose forwarded headers (`X-Forwarded-For`, `-Proto`, `-Host`) are believed: addresses, CIDR
   * ranges or `loopback`, `linklocal`, `uniquelocal`, as listed in TRADEDECK_TRUSTED_PROXIES; null when unset
   * (see {@link trustedProxyHops}).
   */
  trustedProxies: string[] | null;
  /** Whether proxy checks may connect to loopback and private addresses (the server's own network). */
  allowPrivateProxies: boolean;
  /**
   * TRADEDECK_INVENTORY_SCHEDULE: whether this process queues the automatic inventory reads (each workspace's period
   * and the reads after our trades; docs/portfolio.md "Freshness"). On by default; reads on demand work either way.
   */
  inventorySchedule: boolean;
  logLevel: string;
  /** `pretty` when a person watches the terminal, JSON lines otherwise (LOG_FORMAT overrides). */
  logFormat: 'json' | 'pretty';
  /** Built web app to serve on the same origin; null serves the API only. */
  webRoot: string | null;
  /** Maintenance set from the environment wins over the stored flag. */
  maintenance: MaintenanceOverride | null;
  /** SMTP server for mail (smtp:// or smtps://); without it mail goes to the database outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Master key(s) for stored secrets; without it a 0600 key file in the data directory is used. */
  masterKey: string | null;
  /** TRADEDECK_REQUIRE_MASTER_KEY: refuse to start unless TRADEDECK_MASTER_KEY is set (no key file beside the data). */
  requireMasterKey?: boolean;
  /** TRADEDECK_METRICS_TOKEN: the bearer token `/metrics` asks for; without it `/metrics` answers 404. */
  metricsToken?: string | null;
  /** TRADEDECK_BACKUP_TOKEN: the bearer token `/ops/backup` asks for (embedded database); without it, 404. */
  backupToken?: string | null;
  /** Sandbox mode: a file that keeps the simulated Steam's trades across restarts (in memory when absent). */
  sandboxJournal?: string | null;
  /** Sandbox mode: how long a trade offer send waits before answering (a slow Steam); 0 by default. */
  sandboxSendDelayMs?: number;
  /** Sandbox mode: how long a confirmation answer waits before replying, after it took effect; 0 by default. */
  sandboxConfirmDelayMs?: number;
  /** Sandbox mode: how long a sign-in takes (a slow Steam); 0 by default. */
  sandboxSignInDelayMs?: number;
  /** Sandbox mode: how long an inventory page takes (a slow Steam); 0 by default. */
  sandboxInventoryDelayMs?: number;
  /** Sandbox market: how long a read of the sales history takes (a slow TM); 0 by default. */
  sandboxHistoryDelayMs?: number;
  /** Sandbox market: how often one listing's price may change (TM's minute by default; tests shorten it). */
  sandboxPriceChangeMs?: number;
  /**
   * On Postgres, how long a running job's lease lasts (TRADEDECK_JOB_LEASE_SECONDS, 15 by default): a job whose
   * process died is taken over about a lease and a third later. Shorter means faster takeover and more renewals.
   */
  jobLeaseSeconds?: number;
  /** The market port's own mode (TRADEDECK_MARKET_MODE); the server mode when unset. */
  marketMode?: ServerMode;
  /** TM's base URL (TRADEDECK_TM_BASE_URL): the only host the market API key is ever sent to. */
  tmBaseUrl?: string;
  /** Waxpeer's API host (TRADEDECK_WAXPEER_BASE_URL): the only host a Waxpeer API key is ever sent to. */
  waxpeerBaseUrl?: string;
  /** Waxpeer's trade socket (TRADEDECK_WAXPEER_SOCKET_URL): where the socket authenticates with the key. */
  waxpeerSocketUrl?: string;
  /** The live rates source (TRADEDECK_RATES_URL, docs/currencies.md); the Central Bank of Russia's daily XML by default. */
  ratesUrl?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function defaultDataDir(): string {
  try {
    return envPaths('tradedeck', { suffix: '' }).data;
  } catch {
    return join(homedir(), '.tradedeck');
  }
}

/** Reads the server configuration from environment variables, failing on values that cannot work. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const mode = env.TRADEDECK_MODE ?? 'sandbox';
  if (mode !== 'live' && mode !== 'sandbox') {
    throw new ConfigError(`TRADEDECK_MODE must be "live" or "sandbox", got "${mode}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl && !URL.canParse(publicUrl)) throw new ConfigError(`PUBLIC_URL is not a URL: "${publicUrl}"`);
  const marketMode = env.TRADEDECK_MARKET_MODE?.trim() || mode;
  if (marketMode !== 'live' && marketMode !== 'sandbox') {
    throw new ConfigError(`TRADEDECK_MARKET_MODE must be "live" or "sandbox", got "${marketMode}"`);
  }

  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl,
    dataDir: env.TRADEDECK_DATA_DIR?.trim() || defaultDataDir(),
    ...embeddedThread(env.TRADEDECK_PGLITE_THREAD),
    mode,
    publicUrl,
    trustedProxies: trustedProxies(env.TRADEDECK_TRUSTED_PROXIES),
    allowPrivateProxies:
      switchValue('TRADEDECK_ALLOW_PRIVATE_PROXIES', env.TRADEDECK_ALLOW_PRIVATE_PROXIES) ??
      mode === 'sandbox',
    inventorySchedule: switchValue('TRADEDECK_INVENTORY_SCHEDULE', env.TRADEDECK_INVENTORY_SCHEDULE) ?? true,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    webRoot: env.TRADEDECK_WEB_ROOT?.trim() || null,
    maintenance: maintenanceFromEnv(env),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.TRADEDECK_MAIL_FROM?.trim() || 'Tradedeck <no-reply@tradedeck.local>',
    masterKey: env.TRADEDECK_MASTER_KEY?.trim() || null,
    requireMasterKey: switchValue('TRADEDECK_REQUIRE_MASTER_KEY', env.TRADEDECK_REQUIRE_MASTER_KEY) ?? false,
    metricsToken: operatorToken('TRADEDECK_METRICS_TOKEN', env.TRADEDECK_METRICS_TOKEN),
    backupToken: operatorToken('TRADEDECK_BACKUP_TOKEN', env.TRADEDECK_BACKUP_TOKEN),
    sandboxJournal: env.TRADEDECK_SANDBOX_JOURNAL?.trim() || null,
    sandboxSendDelayMs: Math.max(0, Number(env.TRADEDECK_SANDBOX_SEND_DELAY_MS) || 0),
    sandboxConfirmDelayMs: Math.max(0, Number(env.TRADEDECK_SANDBOX_CONFIRM_DELAY_MS) || 0),
    sandboxSignInDelayMs: Math.max(0, Number(env.TRADEDECK_SANDBOX_SIGN_IN_DELAY_MS) || 0),
    sandboxInventoryDelayMs: Math.max(0, Number(env.TRADEDECK_SANDBOX_INVENTORY_DELAY_MS) || 0),
    sandboxHistoryDelayMs: Math.max(0, Number(env.TRADEDECK_SANDBOX_HISTORY_DELAY_MS) || 0),
    ...sandboxPriceChange(env.TRADEDECK_SANDBOX_PRICE_CHANGE_MS),
    ...jobLease(env.TRADEDECK_JOB_LEASE_SECONDS),
    marketMode,
    tmBaseUrl: marketHost('TRADEDECK_TM_BASE_URL', env.TRADEDECK_TM_BASE_URL, DEFAULT_TM_BASE_URL, HTTP),
    waxpeerBaseUrl: marketHost(
      'TRADEDECK_WAXPEER_BASE_URL',
      env.TRADEDECK_WAXPEER_BASE_URL,
      DEFAULT_WAXPEER_BASE_URL,
      HTTP,
    ),
    waxpeerSocketUrl: marketHost(
      'TRADEDECK_WAXPEER_SOCKET_URL',
      env.TRADEDECK_WAXPEER_SOCKET_URL,
      DEFAULT_WAXPEER_SOCKET_URL,
      ['wss:', 'ws:'],
    ),
    ...(env.TRADEDECK_RATES_URL?.trim() ? { ratesUrl: env.TRADEDECK_RATES_URL.trim() } : {}),
  };
}

export const DEFAULT_TM_BASE_URL = 'https://market.csgo.com';
export const DEFAULT_WAXPEER_BASE_URL = 'https://api.waxpeer.com';
export const DEFAULT_WAXPEER_SOCKET_URL = 'wss://wssex.waxpeer.com';
const HTTP = ['https:', 'http:'];

/** An operator's bearer token (metrics, backups): at least 16 characters, so that it cannot be guessed. */
function operatorToken(name: string, value: string | undefined): string | null {
  const token = value?.trim();
  if (!token) return null;
  if (token.length < 16 || /\s/.test(token)) {
    throw new ConfigError(
      `${name} must be at least 16 characters without spaces (for example: openssl rand -hex 24)`,
    );
  }
  return token;
}

/** TRADEDECK_SANDBOX_PRICE_CHANGE_MS: a whole number of milliseconds, at least 1 (tests use a second). */
function sandboxPriceChange(value: string | undefined): { sandboxPriceChangeMs?: number } {
  if (value === undefined || value.trim() === '') return {};
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 1) {
    throw new ConfigError(
      `TRADEDECK_SANDBOX_PRICE_CHANGE_MS must be a whole number of milliseconds, got "${value}"`,
    );
  }
  return { sandboxPriceChangeMs: ms };
}

/** TRADEDECK_JOB_LEASE_SECONDS: whole seconds from 3 (renewals a second apart) to an hour. */
function jobLease(value: string | undefined): { jobLeaseSeconds?: number } {
  if (value === undefined || value.trim() === '') return {};
  const seconds = Number(value);
  if (!Number.isSafeInteger(seconds) || seconds < 3 || seconds > 3600) {
    throw new ConfigError(
      `TRADEDECK_JOB_LEASE_SECONDS must be a whole number from 3 to 3600, got "${value}"`,
    );
  }
  return { jobLeaseSeconds: seconds };
}

/** A market host: an address of one of the protocols, without query or credentials (a key goes only there). */
function marketHost(name: string, value: string | undefined, fallback: string, protocols: string[]): string {
  const chosen = value?.trim();
  if (!chosen) return fallback;
  const parsed = URL.canParse(chosen) ? new URL(chosen) : null;
  if (!parsed || !protocols.includes(parsed.protocol) || parsed.search || parsed.username) {
    const kinds = protocols.map((protocol) => protocol.replace(':', '')).join(' or ');
    throw new ConfigError(`${name} must be a ${kinds} address without query or credentials, got "${chosen}"`);
  }
  return chosen.replace(/\/+$/, '');
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The proxy hops whose forwarded headers the server believes: the configured ones, else loopback behind a public
 * URL (a reverse proxy on the same machine), else none. A client's own forwarded headers are never believed, and
 * the client address is the right-most one no trusted hop added.
 */
export function trustedProxyHops(
  config: Pick<ServerConfig, 'trustedProxies' | 'publicUrl'>,
): string[] | null {
  return config.trustedProxies ?? (config.publicUrl ? ['loopback'] : null);
}

function trustedProxies(value: string | undefined): string[] | null {
  const entries = (value ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  for (const entry of entries) {
    if (!PROXY_PRESETS.has(entry) && !isAddressOrRange(entry)) {
      throw new ConfigError(
        `TRADEDECK_TRUSTED_PROXIES lists "${entry}": use IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** TRADEDECK_PGLITE_THREAD as an on/off switch: null when unset (the database then reads it itself). */
export function pgliteThreadSwitch(value: string | undefined): boolean | null {
  return switchValue('TRADEDECK_PGLITE_THREAD', value);
}

function embeddedThread(value: string | undefined): { embeddedThread?: boolean } {
  const chosen = pgliteThreadSwitch(value);
  return chosen === null ? {} : { embeddedThread: chosen };
}

/** An on/off variable: null when unset. */
function switchValue(name: string, value: string | undefined): boolean | null {
  const chosen = value?.trim().toLowerCase();
  if (!chosen) return null;
  if (['1', 'true', 'on', 'yes'].includes(chosen)) return true;
  if (['0', 'false', 'off', 'no'].includes(chosen)) return false;
  throw new ConfigError(`${name} must be on or off, got "${value}"`);
}

function logFormat(value: string | undefined): 'json' | 'pretty' {
  const chosen = value?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  if (chosen) throw new ConfigError(`LOG_FORMAT must be "json" or "pretty", got "${value}"`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}

function maintenanceFromEnv(env: NodeJS.ProcessEnv): MaintenanceOverride | null {
  const flag = env.TRADEDECK_MAINTENANCE?.trim().toLowerCase();
  if (!flag) return null;
  const active = ['1', 'true', 'on', 'yes'].includes(flag);
  const eta = env.TRADEDECK_MAINTENANCE_ETA?.trim() || null;
  if (eta && Number.isNaN(Date.parse(eta))) {
    throw new ConfigError(`TRADEDECK_MAINTENANCE_ETA must be an ISO 8601 time, got "${eta}"`);
  }
  return {
    active,
    reason: env.TRADEDECK_MAINTENANCE_REASON?.trim() || null,
    estimatedCompletion: eta ? new Date(eta).toISOString() : null,
  };
}

function smtpUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (!/^smtps?:\/\//.test(url) || !URL.canParse(url)) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465');
  }
  return url;
}
