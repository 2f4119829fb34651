import { describe, expect, it } from 'vitest';
import {
  answerServedAgain,
  isLongAnswer,
  jsonPieces,
  rememberServedBytes,
  servedAgainBytes,
} from '../../src/http/json-answer.ts';

async function text(value: unknown): Promise<string> {
  let out = '';
  for await (const piece of jsonPieces(value)) out += piece;
  return out;
}

describe('answers written a slice at a time', () => {
  it('give exactly the text JSON.stringify gives', async () => {
    const rows = Array.from({ length: 4_321 }, (_, i) => ({
      line: i,
      text: `a"\\${i}`,
      name: i % 2 ? null : undefined,
    }));
    const cases: unknown[] = [
      {
        success: true,
        data: { proxies: rows, invalid: [], duplicates: rows.slice(0, 3), skipped: undefined },
        error: null,
      },
      { data: rows.map((row) => row.line) },
      { data: { nested: { deep: rows } } },
      { data: {} },
      { data: [undefined, () => 1, 'x'] },
      { when: new Date(0), data: Array.from({ length: 2_001 }, () => undefined) },
    ];
    for (const value of cases) expect(await text(value)).toBe(JSON.stringify(value));
  });

  it('are used only for answers with a list longer than one slice', () => {
    expect(isLongAnswer({ proxies: Array(2_001).fill(1) })).toBe(true);
    expect(isLongAnswer({ proxies: Array(2_000).fill(1) })).toBe(false);
    expect(isLongAnswer({ a: { b: { c: { d: Array(5_000).fill(1) } } } })).toBe(false);
    expect(isLongAnswer('x'.repeat(10_000))).toBe(false);
  });
});

describe('answers served again', () => {
  it('are written once per answer marked, and only for answers marked', () => {
    const plain = { items: [1] };
    expect(servedAgainBytes(plain)).toBeUndefined();
    expect(servedAgainBytes('text')).toBeUndefined();
    const kept = answerServedAgain({ items: [{ name: 'Ключ' }] });
    expect(servedAgainBytes(kept)).toBeNull();
    const envelope = { success: true, data: kept, error: null };
    const bytes = rememberServedBytes(kept, envelope);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(envelope));
    expect(servedAgainBytes(kept)).toBe(bytes);
    // Marking it again keeps what was written.
    expect(servedAgainBytes(answerServedAgain(kept))).toBe(bytes);
  });
});
