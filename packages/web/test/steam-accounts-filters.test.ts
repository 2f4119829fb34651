import { describe, expect, it } from 'vitest';
import {
  nextTriState,
  parseIds,
  setTriState,
  toQueryFilters,
  triStateOf,
} from '../src/features/steam-accounts/filter-url.ts';

describe('Steam accounts filters in the URL', () => {
  it('turns URL values into query filters', () => {
    expect(
      toQueryFilters({ q: '  bot ', tags: '3,5,x', xtags: '9', status: '0,2', xstatus: '1,7', proxy: '1' }),
    ).toEqual({
      searchString: 'bot',
      withTagIds: [3, 5],
      exceptTagIds: [9],
      withStatus: [0, 2],
      exceptStatus: [1],
      hasProxy: true,
    });
    expect(toQueryFilters({ proxy: '0' }).hasProxy).toBe(false);
    expect(toQueryFilters({})).toEqual({
      withTagIds: [],
      exceptTagIds: [],
      withStatus: [],
      exceptStatus: [],
    });
    expect(parseIds('0,4,4,-1')).toEqual([4]);
  });

  it('cycles a chip off → with → except → off, moving it between the two lists', () => {
    expect(nextTriState(null)).toBe('with');
    expect(nextTriState('with')).toBe('except');
    expect(nextTriState('except')).toBeNull();
    let values = setTriState(undefined, undefined, 0, 'with');
    expect(values).toEqual({ with: '0', except: null });
    expect(triStateOf(values.with ?? undefined, values.except ?? undefined, 0)).toBe('with');
    values = setTriState(values.with ?? undefined, values.except ?? undefined, 0, 'except');
    expect(values).toEqual({ with: null, except: '0' });
    values = setTriState('1,2', values.except ?? undefined, 0, null);
    expect(values).toEqual({ with: '1,2', except: null });
  });
});
