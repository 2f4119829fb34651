/** A key as `readline.emitKeypressEvents` reports it. */
export interface Key {
  name?: string | undefined;
  sequence?: string | undefined;
  ctrl?: boolean | undefined;
  meta?: boolean | undefined;
}

/** The line being typed: code points, so a character outside the BMP (an emoji) is one step for the cursor. */
export interface LineState {
  chars: readonly string[];
  cursor: number;
}

export type EditResult =
  | { kind: 'edit'; state: LineState }
  | { kind: 'submit'; value: string }
  | { kind: 'cancel' };

export const emptyLine: LineState = { chars: [], cursor: 0 };

/**
 * One key applied to a prompt line, with the readline keys people expect: arrows and Home/End (Ctrl+A/E) move,
 * Backspace and Delete remove one character, Ctrl+U and Ctrl+K cut to the start and to the end, Ctrl+W cuts a
 * word, Ctrl+D deletes under the cursor or ends an empty line (cancel), Ctrl+C cancels, Enter submits. Other
 * control keys and escape sequences (up, down, function keys) are ignored rather than typed into the line.
 */
export function applyKey(state: LineState, key: Key): EditResult {
  const { chars, cursor } = state;
  const edit = (next: readonly string[], at: number): EditResult => ({
    kind: 'edit',
    state: { chars: next, cursor: Math.max(0, Math.min(at, next.length)) },
  });
  if (key.name === 'return' || key.name === 'enter') return { kind: 'submit', value: chars.join('') };
  if (key.ctrl) {
    switch (key.name) {
      case 'c':
        return { kind: 'cancel' };
      case 'd':
        return chars.length === 0 ? { kind: 'cancel' } : edit(removeAt(chars, cursor), cursor);
      case 'u':
        return edit(chars.slice(cursor), 0);
      case 'k':
        return edit(chars.slice(0, cursor), cursor);
      case 'w': {
        const start = wordStart(chars, cursor);
        return edit([...chars.slice(0, start), ...chars.slice(cursor)], start);
      }
      case 'a':
        return edit(chars, 0);
      case 'e':
        return edit(chars, chars.length);
      case 'b':
        return edit(chars, cursor - 1);
      case 'f':
        return edit(chars, cursor + 1);
      case 'h':
        return edit(removeAt(chars, cursor - 1), cursor - 1);
      default:
        return edit(chars, cursor);
    }
  }
  switch (key.name) {
    case 'left':
      return edit(chars, cursor - 1);
    case 'right':
      return edit(chars, cursor + 1);
    case 'home':
      return edit(chars, 0);
    case 'end':
      return edit(chars, chars.length);
    case 'backspace':
      return edit(removeAt(chars, cursor - 1), cursor - 1);
    case 'delete':
      return edit(removeAt(chars, cursor), cursor);
  }
  const typed = printable(key);
  if (typed.length === 0) return edit(chars, cursor);
  return edit([...chars.slice(0, cursor), ...typed, ...chars.slice(cursor)], cursor + typed.length);
}

const removeAt = (chars: readonly string[], index: number) =>
  index < 0 || index >= chars.length ? chars : [...chars.slice(0, index), ...chars.slice(index + 1)];

function wordStart(chars: readonly string[], cursor: number): number {
  let i = cursor;
  while (i > 0 && /\s/.test(chars[i - 1]!)) i -= 1;
  while (i > 0 && !/\s/.test(chars[i - 1]!)) i -= 1;
  return i;
}

/** The characters a key types: none for escape sequences, meta keys and control characters. */
function printable(key: Key): string[] {
  const sequence = key.sequence ?? '';
  if (key.meta || sequence.startsWith('\u001b')) return [];
  return [...sequence].filter((char) => char >= ' ' && char !== '\u007f');
}
