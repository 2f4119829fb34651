import { describe, expect, it } from 'vitest';
import { tagNamed, tagOptions, tagToAdd } from '../src/shared/tags/tag-rules.ts';

// One set of tag rules for every tagged list (Steam accounts and proxies alike).
describe('tag rules (shell §5)', () => {
  const all = [
    { id: 1, name: 'farm' },
    { id: 2, name: 'Main' },
    { id: 3, name: 'fresh' },
  ];

  it('lists existing tags without those the item has; only non-blank text offers a new tag', () => {
    expect(tagOptions(all, [{ id: 1 }], '').existing.map((t) => t.id)).toEqual([2, 3]);
    expect(tagOptions(all, [{ id: 1 }], '   ').newName).toBeNull();
    expect(tagOptions(all, [], 'f')).toEqual({ existing: [all[0], all[2]], newName: 'f' });
    expect(tagOptions(all, [], 'MAIN').newName).toBeNull();
  });

  it('needs a selection or a name; a typed existing name reuses that tag', () => {
    expect(tagToAdd(null, '  ', tagOptions(all, [], '  '))).toBeNull();
    expect(tagToAdd(all[2]!, '', tagOptions(all, [], ''))).toEqual(all[2]);
    expect(tagToAdd(null, 'main', tagOptions(all, [], 'main'))).toEqual({ id: 2, name: 'Main' });
    expect(tagToAdd(null, ' new one ', tagOptions(all, [], ' new one '))).toEqual({ id: 0, name: 'new one' });
  });

  it('cuts a new name to the 64 characters the server takes', () => {
    const long = 'x'.repeat(80);
    expect(tagToAdd(null, long, tagOptions(all, [], long))).toEqual({ id: 0, name: 'x'.repeat(64) });
  });

  it('names the tag typed in a form: the existing one letter case aside, else a new one, nothing when blank', () => {
    expect(tagNamed(all, ' main ')).toEqual({ id: 2, name: 'Main' });
    expect(tagNamed(all, 'farm2')).toEqual({ id: 0, name: 'farm2' });
    expect(tagNamed(all, '   ')).toBeNull();
  });
});
