import { describe, expect, it } from 'vitest';
import { applyKey, emptyLine, type Key, type LineState } from '../src/kit/line-editor.ts';

function typeKeys(keys: Key[], start: LineState = emptyLine) {
  let state = start;
  for (const key of keys) {
    const result = applyKey(state, key);
    if (result.kind !== 'edit') return result;
    state = result.state;
  }
  return { kind: 'edit' as const, state, value: state.chars.join('') };
}

const text = (value: string): Key => ({ sequence: value });
const named = (name: string, ctrl = false): Key => ({ name, ctrl, sequence: '' });

describe('the prompt line editor', () => {
  it('moves with arrows and Home/End and inserts where the cursor is', () => {
    const result = typeKeys([
      text('ac'),
      named('left'),
      text('b'),
      named('home'),
      text('>'),
      named('end'),
      text('<'),
    ]);
    expect(result).toMatchObject({ value: '>abc<' });
  });

  it('ignores escape sequences and other control keys instead of typing them', () => {
    const result = typeKeys([
      text('pw'),
      { name: 'up', sequence: '\u001b[A' },
      { name: 'f5', sequence: '\u001b[15~' },
      { sequence: '\u001b[1;5D', name: 'left', ctrl: true },
      named('l', true),
      { sequence: '\u001bx', meta: true },
    ]);
    expect(result).toMatchObject({ value: 'pw' });
  });

  it('deletes one code point with Backspace, also outside the BMP', () => {
    expect(typeKeys([text('a🚀'), named('backspace')])).toMatchObject({ value: 'a' });
    expect(typeKeys([text('𝒳y'), named('left'), named('backspace')])).toMatchObject({ value: 'y' });
    expect(typeKeys([text('ab'), named('home'), named('delete')])).toMatchObject({ value: 'b' });
  });

  it('cuts with Ctrl+U, Ctrl+K and Ctrl+W', () => {
    expect(typeKeys([text('abc def'), named('left'), named('u', true)])).toMatchObject({ value: 'f' });
    expect(typeKeys([text('abc def'), named('home'), named('right'), named('k', true)])).toMatchObject({
      value: 'a',
    });
    expect(typeKeys([text('abc def'), named('w', true)])).toMatchObject({ value: 'abc ' });
  });

  it('submits on Enter, cancels on Ctrl+C and on Ctrl+D at an empty line; Ctrl+D deletes otherwise', () => {
    expect(typeKeys([text('x'), named('return')])).toEqual({ kind: 'submit', value: 'x' });
    expect(typeKeys([text('x'), named('c', true)])).toEqual({ kind: 'cancel' });
    expect(typeKeys([named('d', true)])).toEqual({ kind: 'cancel' });
    expect(typeKeys([text('xy'), named('home'), named('d', true)])).toMatchObject({ value: 'y' });
  });
});
