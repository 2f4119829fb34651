import { describe, expect, it } from 'vitest';
import { passwordCompositionProblems } from '../../src/domain/password.ts';

describe('password composition', () => {
  it('accepts eight characters with an upper-case letter and a symbol', () => {
    expect(passwordCompositionProblems('Quartz-1')).toEqual([]);
    expect(passwordCompositionProblems('Ёлка-ёлк')).toEqual([]);
  });

  it('names every broken part, in order', () => {
    expect(passwordCompositionProblems('abc')).toEqual(['tooShort', 'noUppercase', 'noSymbol']);
    expect(passwordCompositionProblems('abcdefgh!')).toEqual(['noUppercase']);
    expect(passwordCompositionProblems('Abcdefgh')).toEqual(['noSymbol']);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(passwordCompositionProblems('A!😀😀😀😀😀')).toEqual(['tooShort']);
    expect(passwordCompositionProblems('A!😀😀😀😀😀😀')).toEqual([]);
  });
});
