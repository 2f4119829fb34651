import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';

describe('loadConfig', () => {
  it('listens on loopback by default, in sandbox mode, on PGlite under the user data dir', () => {
    const config = loadConfig({ HOME: '/home/trader' });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.mode).toBe('sandbox');
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toMatch(/tradedeck/);
    expect(config.maintenance).toBeNull();
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@localhost/db',
      TRADEDECK_MODE: 'live',
      PUBLIC_URL: 'https://deck.example',
      TRADEDECK_MAINTENANCE: 'on',
      TRADEDECK_MAINTENANCE_REASON: 'Обновление базы',
      TRADEDECK_MAINTENANCE_ETA: '2030-01-01T12:00:00Z',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@localhost/db',
      mode: 'live',
      publicUrl: 'https://deck.example',
      maintenance: {
        active: true,
        reason: 'Обновление базы',
        estimatedCompletion: '2030-01-01T12:00:00.000Z',
      },
    });
  });

  it('takes the market mode from the server mode unless TRADEDECK_MARKET_MODE says otherwise', () => {
    expect(loadConfig({ TRADEDECK_MODE: 'live' })).toMatchObject({
      marketMode: 'live',
      tmBaseUrl: 'https://market.csgo.com',
    });
    expect(
      loadConfig({
        TRADEDECK_MODE: 'sandbox',
        TRADEDECK_MARKET_MODE: 'live',
        TRADEDECK_TM_BASE_URL: 'http://127.0.0.1:9001/',
      }),
    ).toMatchObject({ mode: 'sandbox', marketMode: 'live', tmBaseUrl: 'http://127.0.0.1:9001' });
  });

  it("reads Waxpeer's API host and trade socket, Waxpeer's own when unset", () => {
    expect(loadConfig({})).toMatchObject({
      waxpeerBaseUrl: 'https://api.waxpeer.com',
      waxpeerSocketUrl: 'wss://wssex.waxpeer.com',
    });
    expect(
      loadConfig({
        TRADEDECK_WAXPEER_BASE_URL: 'http://127.0.0.1:9002/',
        TRADEDECK_WAXPEER_SOCKET_URL: 'ws://127.0.0.1:9002',
      }),
    ).toMatchObject({ waxpeerBaseUrl: 'http://127.0.0.1:9002', waxpeerSocketUrl: 'ws://127.0.0.1:9002' });
  });

  it("reads the sandbox market's price-change spacing, TM's minute when unset", () => {
    expect(loadConfig({}).sandboxPriceChangeMs).toBeUndefined();
    expect(loadConfig({ TRADEDECK_SANDBOX_PRICE_CHANGE_MS: '1000' }).sandboxPriceChangeMs).toBe(1_000);
  });

  it('reads the job lease on Postgres, the default when unset', () => {
    expect(loadConfig({}).jobLeaseSeconds).toBeUndefined();
    expect(loadConfig({ TRADEDECK_JOB_LEASE_SECONDS: '5' }).jobLeaseSeconds).toBe(5);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TRADEDECK_MODE: 'prod' }, /TRADEDECK_MODE/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ TRADEDECK_MAINTENANCE: 'on', TRADEDECK_MAINTENANCE_ETA: 'soon' }, /ETA/],
    [{ TRADEDECK_MARKET_MODE: 'paper' }, /TRADEDECK_MARKET_MODE/],
    [{ TRADEDECK_TM_BASE_URL: 'market.csgo.com' }, /TRADEDECK_TM_BASE_URL/],
    [{ TRADEDECK_TM_BASE_URL: 'https://market.csgo.com/?key=abc' }, /TRADEDECK_TM_BASE_URL/],
    [
      { TRADEDECK_WAXPEER_BASE_URL: 'wss://api.waxpeer.com' },
      /TRADEDECK_WAXPEER_BASE_URL must be a https or http/,
    ],
    [{ TRADEDECK_WAXPEER_BASE_URL: 'https://api.waxpeer.com/?api=abc' }, /TRADEDECK_WAXPEER_BASE_URL/],
    [
      { TRADEDECK_WAXPEER_SOCKET_URL: 'https://wssex.waxpeer.com' },
      /TRADEDECK_WAXPEER_SOCKET_URL must be a wss or ws/,
    ],
    [{ TRADEDECK_SANDBOX_PRICE_CHANGE_MS: '0' }, /TRADEDECK_SANDBOX_PRICE_CHANGE_MS/],
    [{ TRADEDECK_SANDBOX_PRICE_CHANGE_MS: 'a second' }, /TRADEDECK_SANDBOX_PRICE_CHANGE_MS/],
    [{ TRADEDECK_JOB_LEASE_SECONDS: '1' }, /TRADEDECK_JOB_LEASE_SECONDS/],
    [{ TRADEDECK_JOB_LEASE_SECONDS: '2.5' }, /TRADEDECK_JOB_LEASE_SECONDS/],
    [{ TRADEDECK_METRICS_TOKEN: 'short' }, /TRADEDECK_METRICS_TOKEN must be at least 16 characters/],
    [{ TRADEDECK_BACKUP_TOKEN: 'has a space in it, long' }, /TRADEDECK_BACKUP_TOKEN/],
    [{ TRADEDECK_REQUIRE_MASTER_KEY: 'maybe' }, /TRADEDECK_REQUIRE_MASTER_KEY must be on or off/],
  ])('refuses %o with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(pattern);
  });

  it('reads the operator settings: tokens of metrics and backups, and whether the master key is required', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, backupToken: null, requireMasterKey: false });
    expect(
      loadConfig({
        TRADEDECK_METRICS_TOKEN: ' metrics-token-0123456789 ',
        TRADEDECK_BACKUP_TOKEN: 'backup-token-0123456789',
        TRADEDECK_REQUIRE_MASTER_KEY: '1',
      }),
    ).toMatchObject({
      metricsToken: 'metrics-token-0123456789',
      backupToken: 'backup-token-0123456789',
      requireMasterKey: true,
    });
  });

  it('queues the automatic inventory reads unless TRADEDECK_INVENTORY_SCHEDULE is off', () => {
    expect(loadConfig({}).inventorySchedule).toBe(true);
    expect(loadConfig({ TRADEDECK_INVENTORY_SCHEDULE: 'off' }).inventorySchedule).toBe(false);
    expect(loadConfig({ TRADEDECK_INVENTORY_SCHEDULE: 'on' }).inventorySchedule).toBe(true);
    expect(() => loadConfig({ TRADEDECK_INVENTORY_SCHEDULE: 'sometimes' })).toThrowError(
      /TRADEDECK_INVENTORY_SCHEDULE/,
    );
  });
});
