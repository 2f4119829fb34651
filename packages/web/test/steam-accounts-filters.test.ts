import { describe, expect, it } from 'vitest';
import {
  nextTriState,
  parseIds,
  setTriState,
  toQueryFilters,
  triStateOf,
} from '../src/features/steam-accounts/filter-url.ts';
import { tagChoice, tagOptions } from '../src/features/steam-accounts/tag-rules.ts';

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

describe('tag rules (shell §5)', () => {
  const all = [
    { id: 1, name: 'farm' },
    { id: 2, name: 'Main' },
    { id: 3, name: 'fresh' },
  ];

  it('lists existing tags without those the item has; only non-blank text offers a new tag', () => {
    expect(tagOptions(all, [1], '').options.map((t) => t.id)).toEqual([2, 3]);
    expect(tagOptions(all, [1], '   ').createName).toBeNull();
    expect(tagOptions(all, [], 'f')).toEqual({ options: [all[0], all[2]], createName: 'f' });
    expect(tagOptions(all, [], 'MAIN').createName).toBeNull();
  });

  it('needs a selection or a name; a typed existing name reuses that tag', () => {
    expect(tagChoice(null, '  ', all)).toBeNull();
    expect(tagChoice(all[2]!, '', all)).toEqual(all[2]);
    expect(tagChoice(null, 'main', all)).toEqual({ id: 2, name: 'Main' });
    expect(tagChoice(null, ' new one ', all)).toEqual({ id: 0, name: 'new one' });
  });
});
