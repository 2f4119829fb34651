import { describe, expect, it } from 'vitest';
import {
  clearSelection,
  clickRow,
  extend,
  initialCursor,
  move,
  pruneSelection,
  selectAll,
  toggleAtCursor,
} from '../src/shared/table/row-selection.ts';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const sel = (state: { selected: ReadonlySet<string> }) => [...state.selected].sort();

describe('row cursor and selection', () => {
  it('moves within bounds, starting at the first row', () => {
    let s = move(initialCursor, 1, ids.length);
    expect(s.cursor).toBe(0);
    s = move(s, -1, ids.length);
    expect(s.cursor).toBe(0);
    for (let i = 0; i < 10; i++) s = move(s, 1, ids.length);
    expect(s.cursor).toBe(5);
  });

  it('x toggles the row under the cursor', () => {
    let s = move(move(initialCursor, 1, 6), 1, 6);
    s = toggleAtCursor(s, ids);
    expect(sel(s)).toEqual(['b']);
    s = toggleAtCursor(s, ids);
    expect(sel(s)).toEqual([]);
  });

  it('Shift+j extends a range from the anchor on top of the earlier selection, and Shift+k shrinks it', () => {
    let s = toggleAtCursor(move(initialCursor, 1, 6), ids); // a
    s = move(move(s, 1, 6), 1, 6); // cursor c
    s = extend(s, 1, ids); // c..d
    s = extend(s, 1, ids); // c..e
    expect(sel(s)).toEqual(['a', 'c', 'd', 'e']);
    s = extend(s, -1, ids); // c..d
    expect(sel(s)).toEqual(['a', 'c', 'd']);
  });

  it("Shift-click applies the clicked row's new state to the range", () => {
    let s = clickRow(initialCursor, 1, ids, false);
    s = clickRow(s, 4, ids, true);
    expect(sel(s)).toEqual(['b', 'c', 'd', 'e']);
    s = clickRow(s, 2, ids, true); // c is selected → clears b..c
    expect(sel(s)).toEqual(['d', 'e']);
  });

  it('Mod+A selects the page, a second press clears it; Escape clears', () => {
    let s = selectAll(initialCursor, ids);
    expect(sel(s)).toEqual(ids);
    s = selectAll(s, ids);
    expect(sel(s)).toEqual([]);
    s = clearSelection(selectAll(s, ids));
    expect(sel(s)).toEqual([]);
  });

  it('drops selected rows that left the list', () => {
    const s = pruneSelection(selectAll(initialCursor, ids), ['a', 'z']);
    expect(sel(s)).toEqual(['a']);
  });
});
