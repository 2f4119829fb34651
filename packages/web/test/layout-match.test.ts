import { describe, expect, it } from 'vitest';
import {
  normalizeText,
  queryVariants,
  rankCandidates,
  scoreCandidate,
  switchLayout,
} from '../src/shared/commands/layout-match.ts';

describe('layout-tolerant matcher', () => {
  it('reads keystrokes typed on the wrong layout', () => {
    expect(switchLayout('ghjrcb')).toBe('прокси');
    expect(switchLayout('зкщчн')).toBe('proxy');
    expect(queryVariants('ghjrcb')).toEqual(['ghjrcb', 'прокси']);
  });

  it('treats ё as е and ignores case and extra spaces', () => {
    expect(normalizeText('  Тёмная   ТЕМА ')).toBe('темная тема');
    expect(scoreCandidate('темная', 'Тёмная тема')).toBeGreaterThan(0);
    expect(scoreCandidate('тёмная', 'Темная тема')).toBeGreaterThan(0);
  });

  it('finds "прокси" from "ghjrcb" and "Proxy" from "зкщчн"', () => {
    const items = [{ title: 'Дашборд' }, { title: 'Управление прокси' }, { title: 'Настройки' }];
    expect(rankCandidates('ghjrcb', items).map((i) => i.title)).toEqual(['Управление прокси']);
    const english = [{ title: 'Dashboard' }, { title: 'Proxy Management' }];
    expect(rankCandidates('зкщчн', english).map((i) => i.title)).toEqual(['Proxy Management']);
  });

  it('ranks exact, then prefix, then word start, then fuzzy', () => {
    const items = [
      { title: 'Shop settings extra' }, // fuzzy for "set"? word start
      { title: 'Sxexxt' }, // fuzzy only
      { title: 'Settings panel' }, // prefix
      { title: 'set' }, // exact
    ];
    expect(rankCandidates('set', items).map((i) => i.title)).toEqual([
      'set',
      'Settings panel',
      'Shop settings extra',
      'Sxexxt',
    ]);
  });

  it('puts recently used commands first within the same tier', () => {
    const items = [{ title: 'Proxy list' }, { title: 'Proxy check' }, { title: 'Profile' }];
    const recent = (item: { title: string }) => (item.title === 'Proxy check' ? 0 : undefined);
    // Then the closer match: a shorter title covers more of itself.
    expect(rankCandidates('pro', items, recent).map((i) => i.title)).toEqual([
      'Proxy check',
      'Profile',
      'Proxy list',
    ]);
    // A recent fuzzy hit never beats a prefix hit.
    const fuzzyRecent = (item: { title: string }) => (item.title === 'Pxrxo' ? 0 : undefined);
    expect(rankCandidates('pro', [{ title: 'Pxrxo' }, { title: 'Profile' }], fuzzyRecent)[0]!.title).toBe(
      'Profile',
    );
  });

  it('matches English keywords when the title is Russian', () => {
    expect(
      rankCandidates('settings', [{ title: 'Настройки', keywords: ['settings'] }, { title: 'Дашборд' }]),
    ).toHaveLength(1);
  });

  it('drops what does not match and keeps everything for an empty query', () => {
    const items = [{ title: 'Dashboard' }, { title: 'Harvester' }];
    expect(rankCandidates('zzz', items)).toEqual([]);
    expect(rankCandidates('', items)).toHaveLength(2);
  });
});
