import { describe, expect, it } from 'vitest';
import { type HoldingRef, matchHoldings, type ScannedAsset } from '../../src/modules/portfolio/match.ts';

const END = new Date('2026-12-01T07:00:00Z');

const holding = (
  id: number,
  assetId: string,
  contextId: string,
  over: Partial<HoldingRef> = {},
): HoldingRef => ({
  id,
  appId: 730,
  contextId,
  assetId,
  classId: '310',
  instanceId: '0',
  marketHashName: 'AK-47 | Slate (Field-Tested)',
  protectedUntil: contextId === '16' ? END : null,
  goneAt: null,
  ...over,
});

const asset = (assetId: string, contextId: string, over: Partial<ScannedAsset> = {}): ScannedAsset => ({
  appId: 730,
  contextId,
  assetId,
  classId: '310',
  instanceId: '0',
  marketHashName: 'AK-47 | Slate (Field-Tested)',
  protectedUntil: null,
  ...over,
});

describe('holdings across a scan', () => {
  it('keeps a holding under the same asset id and follows a protected one to its new id in context 2', () => {
    const plan = matchHoldings(
      [holding(1, '100', '2'), holding(2, '200', '16')],
      [asset('100', '2'), asset('900', '2')],
    );
    expect(plan.same.map((entry) => entry.holdingId)).toEqual([1]);
    expect(plan.moved).toEqual([{ holdingId: 2, asset: asset('900', '2') }]);
    expect(plan.fresh).toEqual([]);
    expect(plan.gone).toEqual([]);
  });

  it('matches by class, instance and name only, the earliest end of protection first', () => {
    const later = new Date(END.getTime() + 86_400_000);
    const plan = matchHoldings(
      [
        holding(1, '200', '16', { protectedUntil: later }),
        holding(2, '201', '16'),
        holding(3, '202', '16', { classId: '999' }),
      ],
      [asset('900', '2'), asset('901', '2', { instanceId: '5' })],
    );
    expect(plan.moved.map((entry) => entry.holdingId)).toEqual([2]);
    expect(plan.fresh.map((entry) => entry.assetId)).toEqual(['901']);
    expect(plan.gone.sort()).toEqual([1, 3]);
  });

  it('never matches an unprotected holding that left, nor a new protected item, by class', () => {
    const plan = matchHoldings([holding(1, '100', '2')], [asset('900', '2'), asset('901', '16')]);
    expect(plan.moved).toEqual([]);
    expect(plan.fresh.map((entry) => entry.assetId)).toEqual(['900', '901']);
    expect(plan.gone).toEqual([1]);
  });

  it('revives a holding a scan finds again under its id, and does not mark a gone one gone twice', () => {
    const gone = new Date('2026-11-28T00:00:00Z');
    const plan = matchHoldings(
      [holding(1, '200', '16', { goneAt: gone }), holding(2, '201', '16', { goneAt: gone })],
      [asset('200', '16')],
    );
    expect(plan.same).toEqual([{ holdingId: 1, asset: asset('200', '16'), revived: true }]);
    expect(plan.gone).toEqual([]);
  });
});
