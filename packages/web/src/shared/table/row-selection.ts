/**
 * Keyboard row cursor and selection rules of the data table, as pure functions over row ids:
 * j/k move the cursor, x/space toggle the row under it, Shift extends a range from the anchor, Mod+A takes
 * every row shown.
 */
export interface CursorState {
  /** Index of the row under the cursor, -1 before the first move. */
  cursor: number;
  /** Where a Shift range starts. */
  anchor: number;
  selected: ReadonlySet<string>;
  /** The selection when the current Shift range started: the range is added to it. */
  base: ReadonlySet<string>;
}

export const initialCursor: CursorState = { cursor: -1, anchor: -1, selected: new Set(), base: new Set() };

const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value));

export function move(state: CursorState, delta: number, count: number): CursorState {
  if (count === 0) return state;
  const cursor = state.cursor < 0 ? 0 : clamp(state.cursor + delta, count);
  return { ...state, cursor, anchor: cursor, base: state.selected };
}

/** Shift+j / Shift+k: moves the cursor and selects from the anchor to it (on top of the earlier selection). */
export function extend(state: CursorState, delta: number, ids: readonly string[]): CursorState {
  if (ids.length === 0) return state;
  const anchor = state.anchor < 0 ? Math.max(0, state.cursor) : state.anchor;
  const cursor = state.cursor < 0 ? 0 : clamp(state.cursor + delta, ids.length);
  return { ...state, cursor, anchor, selected: withRange(state.base, ids, anchor, cursor, true) };
}

/** x / space: toggles the row under the cursor; the range anchor moves there. */
export function toggleAtCursor(state: CursorState, ids: readonly string[]): CursorState {
  if (ids.length === 0) return state;
  const cursor = Math.max(0, state.cursor);
  const id = ids[cursor]!;
  const selected = new Set(state.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  return { cursor, anchor: cursor, selected, base: selected };
}

/**
 * A click on a row's checkbox; with Shift the rows from the anchor to it take the clicked row's new state
 * (so a Shift-click can also clear a range).
 */
export function clickRow(
  state: CursorState,
  index: number,
  ids: readonly string[],
  shift: boolean,
): CursorState {
  const id = ids[index];
  if (id === undefined) return state;
  const select = !state.selected.has(id);
  if (shift && state.anchor >= 0) {
    const selected = withRange(state.selected, ids, state.anchor, index, select);
    return { cursor: index, anchor: state.anchor, selected, base: state.base };
  }
  const selected = new Set(state.selected);
  if (select) selected.add(id);
  else selected.delete(id);
  return { cursor: index, anchor: index, selected, base: selected };
}

/** Mod+A: every row shown; a second press with all of them selected clears them. */
export function selectAll(state: CursorState, ids: readonly string[]): CursorState {
  const all = ids.length > 0 && ids.every((id) => state.selected.has(id));
  const selected = all ? new Set<string>() : new Set(ids);
  return { ...state, selected, base: selected };
}

export function clearSelection(state: CursorState): CursorState {
  return { ...state, selected: new Set(), base: new Set() };
}

/** Drops selected ids that are no longer among the rows (after a refetch or a filter change). */
export function pruneSelection(state: CursorState, ids: readonly string[]): CursorState {
  const present = new Set(ids);
  if ([...state.selected].every((id) => present.has(id))) return state;
  const selected = new Set([...state.selected].filter((id) => present.has(id)));
  return { ...state, selected, base: selected };
}

function withRange(
  from: ReadonlySet<string>,
  ids: readonly string[],
  a: number,
  b: number,
  select: boolean,
): Set<string> {
  const result = new Set(from);
  for (let i = Math.min(a, b); i <= Math.max(a, b); i++) {
    if (select) result.add(ids[i]!);
    else result.delete(ids[i]!);
  }
  return result;
}
