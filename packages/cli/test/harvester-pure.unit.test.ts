import type { HarvesterSession, HarvesterTransactionUpdated } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import {
  applyProfileOptions,
  newProfileBase,
  transactionStatuses,
} from '../src/commands/harvester/harvester-options.ts';
import {
  heardCounts,
  initialWatchState,
  stepSelection,
  withSessions,
  withTransactionEvent,
  withTransactions,
} from '../src/commands/harvester/harvester-watch-state.ts';
import { createContext } from '../src/context.ts';
import { CliFailure } from '../src/exit-codes.ts';

const ctx = createContext({ lang: 'en' }, { stdout: () => {}, stderr: () => {}, env: {} });

const session = (id: number, completed = false) =>
  ({ id, name: `S${id}`, completedAt: completed ? '2026-11-26T10:00:00.000Z' : null }) as HarvesterSession;

const tx = (id: number, status: HarvesterTransactionUpdated['status'], updatedAt: string) =>
  ({ id, sessionId: 2, status, updatedAt }) as HarvesterTransactionUpdated;

describe('harvester watch state', () => {
  it('selects the newest open session and follows events of the selected one only, once each', () => {
    let state = withSessions(initialWatchState(null), [session(1), session(3, true), session(2)]);
    expect(state.sessions.map((s) => s.id)).toEqual([3, 2, 1]);
    expect(state.selectedId).toBe(2);
    state = withTransactionEvent(state, tx(10, 'trading', '2026-11-26T10:00:01.000Z'));
    state = withTransactionEvent(state, { ...tx(11, 'error', '2026-11-26T10:00:02.000Z'), sessionId: 1 });
    state = withTransactionEvent(state, tx(10, 'completed', '2026-11-26T10:00:03.000Z'));
    state = withTransactionEvent(state, tx(12, 'error', '2026-11-26T10:00:04.000Z'));
    expect(state.received).toBe(3);
    expect(state.recent).toEqual([12, 10]);
    expect(heardCounts(state)).toMatchObject({ total: 2, ended: 2, completed: 1, errors: 1 });
  });

  it('keeps a newer step heard from an event over an older row read afterwards', () => {
    let state = withSessions(initialWatchState(2), [session(2)]);
    state = withTransactionEvent(state, tx(10, 'completed', '2026-11-26T10:00:05.000Z'));
    state = withTransactions(state, 2, [
      tx(10, 'trading', '2026-11-26T10:00:01.000Z'),
      tx(11, 'preparing', '2026-11-26T10:00:00.000Z'),
    ]);
    expect(state.transactions.get(10)!.status).toBe('completed');
    expect(heardCounts(state)).toMatchObject({ total: 2, active: 1, completed: 1 });
  });

  it('switching session starts its stream afresh', () => {
    let state = withSessions(initialWatchState(2), [session(1), session(2)]);
    state = withTransactionEvent(state, tx(10, 'trading', '2026-11-26T10:00:01.000Z'));
    state = stepSelection(state, 1);
    expect(state).toMatchObject({ selectedId: 1, received: 0, recent: [] });
    expect(stepSelection(state, 1)).toBe(state);
  });
});

describe('harvester profile options', () => {
  it('applies only the options given, money as integer units', () => {
    const base = newProfileBase('Farm', 'USD');
    const next = applyProfileOptions(ctx, base, {
      games: 'whitelist:cs2,dota2',
      giveBack: 'emoticons',
      threshold: '0.1',
      returnLimit: '1.25',
      priority: 'emoticons,cards,backgrounds',
      distribution: 'balanced-cap',
      cap: '40',
      maxPrice: '12.345',
    });
    expect(next.games).toEqual({ mode: 'whitelist', list: ['cs2', 'dota2'] });
    expect(next.giveBack).toMatchObject({
      tradingCards: false,
      emoticons: true,
      backgrounds: false,
      itemValueThreshold: { currency: 'USD', amount: 100 },
      totalReturnValueLimit: { currency: 'USD', amount: 1250 },
      itemTypePriority: ['emoticons', 'tradingCards', 'backgrounds'],
    });
    expect(next.distribution).toEqual({ mode: 'balancedCap', capPerTarget: 40 });
    expect(next.maxItemPrice).toEqual({ currency: 'USD', amount: 12_345 });
    expect(base.maxItemPrice).toBeNull();
  });

  it.each([
    [{ games: 'whitelist:csgo' }, 'Games must be'],
    [{ priority: 'cards,cards,emoticons' }, 'The priority order'],
    [{ threshold: '0.1234' }, '--threshold: not an amount in USD'],
    [{ returnItems: '256' }, '--return-items: not a whole number'],
    [{ distribution: 'random' }, 'Distribution must be'],
  ])('refuses %o with a usage error', (options, text) => {
    expect(() => applyProfileOptions(ctx, newProfileBase('Farm', 'USD'), options)).toThrow(CliFailure);
    expect(() => applyProfileOptions(ctx, newProfileBase('Farm', 'USD'), options)).toThrow(text);
  });

  it('reads "active" as every step of a transaction', () => {
    expect(transactionStatuses(ctx, ['error', 'active'])).toEqual([
      'error',
      'preparing',
      'authentication',
      'inventory_scan',
      'trading',
      'confirmation',
      'accepting_trade',
      'target_confirmation',
      'verifying',
    ]);
  });
});
