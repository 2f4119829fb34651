import { describe, expect, it } from 'vitest';
import { decidePlatformStatus, type MarketFacts } from '../../src/modules/seller/platform-status.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const healthy: MarketFacts = {
  failure: null,
  failureDetail: null,
  banned: false,
  checkFailed: false,
  tradeTokenMissing: false,
  ping: 'ok',
  lastPingAt: new Date(NOW - 30_000),
  marketCurrency: 'RUB',
  storedCurrency: 'RUB',
  oldestActiveDelivery: null,
  deliveryFailed: false,
};

describe('platform status from what the market answered', () => {
  it('is online after a ping that put the account online', () => {
    expect(decidePlatformStatus('running', healthy, NOW)).toEqual({
      status: 'online',
      reason: null,
      detail: null,
    });
  });

  it('is error for a bad key or a selling ban, whatever the account does', () => {
    for (const status of ['running', 'paused', 'stopped'] as const) {
      expect(
        decidePlatformStatus(status, { ...healthy, failure: 'badKey', failureDetail: 'Bad KEY' }, NOW),
      ).toEqual({ status: 'error', reason: 'badKey', detail: 'Bad KEY' });
      expect(decidePlatformStatus(status, { ...healthy, banned: true }, NOW).reason).toBe('marketBanned');
    }
  });

  it('is never online while the market holds no trade token (it cannot deliver to buyers)', () => {
    expect(decidePlatformStatus('running', { ...healthy, tradeTokenMissing: true }, NOW)).toEqual({
      status: 'warning',
      reason: 'tradeTokenMissing',
      detail: null,
    });
  });

  it('warns when the market currency is not the stored one, naming both', () => {
    expect(decidePlatformStatus('running', { ...healthy, marketCurrency: 'USD' }, NOW)).toEqual({
      status: 'warning',
      reason: 'currencyMismatch',
      detail: 'market USD, stored RUB',
    });
  });

  it('warns when the last good ping is over 3 minutes old, or a sale waits over a minute', () => {
    const stale = { ...healthy, lastPingAt: new Date(NOW - 181_000) };
    expect(decidePlatformStatus('running', stale, NOW).reason).toBe('pingStale');
    const late = { ...healthy, oldestActiveDelivery: new Date(NOW - 61_000) };
    expect(decidePlatformStatus('running', late, NOW).reason).toBe('deliveriesPending');
    const fresh = { ...healthy, oldestActiveDelivery: new Date(NOW - 5_000) };
    expect(decidePlatformStatus('running', fresh, NOW).status).toBe('online');
  });

  it('is none while stopped or paused with nothing wrong, and before the first ping', () => {
    expect(decidePlatformStatus('stopped', healthy, NOW).status).toBe('none');
    expect(decidePlatformStatus('paused', healthy, NOW)).toMatchObject({
      status: 'none',
      reason: 'notRunning',
    });
    expect(decidePlatformStatus('running', { ...healthy, ping: null, lastPingAt: null }, NOW).status).toBe(
      'none',
    );
  });

  it('warns after a failed ping, a ping without online, or the market unreachable', () => {
    expect(decidePlatformStatus('running', { ...healthy, ping: 'failed' }, NOW).reason).toBe('pingFailed');
    expect(decidePlatformStatus('running', { ...healthy, ping: 'notOnline' }, NOW).reason).toBe('notOnline');
    const down = { ...healthy, failure: 'marketUnavailable' as const };
    expect(decidePlatformStatus('paused', down, NOW)).toMatchObject({
      status: 'warning',
      reason: 'marketUnavailable',
    });
  });
});
