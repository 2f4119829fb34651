import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractMafiles, parseMafileText } from '../../src/domain/index.ts';
import { uploadsFrom } from './fixtures.ts';

describe('extraction never crashes and accounts for every file (property)', () => {
  it('arbitrary bytes, text and JSON objects each end up read or refused with a reason', async () => {
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.string({ maxLength: 300 }),
      fc.json().map((json) => json),
      fc
        .dictionary(
          fc.constantFrom(
            'shared_secret',
            'SharedSecret',
            'identity_secret',
            'Session',
            'steamid',
            'account_name',
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.constant(null),
            fc.base64String({ minLength: 28, maxLength: 28 }),
          ),
        )
        .map((object) => JSON.stringify(object)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(content, { maxLength: 6 }), async (contents) => {
        const uploads = contents.map((item, i) => ({ name: `f${i}.maFile`, content: item }));
        const result = await extractMafiles(uploads);
        expect(result.extracted.length + result.invalid.length).toBe(uploads.length);
      }),
      { numRuns: 150 },
    );
  });

  it('a valid file survives any mix of pretty-printing, CRLF and BOM (property)', () => {
    const [upload] = uploadsFrom('mafiles/valid').filter((u) => u.name === 'sda-1.0.15.maFile');
    const original = new TextDecoder().decode(upload!.content as Uint8Array);
    const expected = parseMafileText(original);
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('', '  ', '    ', '\t'),
        (bom, crlf, indent) => {
          // Re-indenting must keep the bare SteamID: only whitespace between tokens changes.
          let text = original.replace(/\n\s*/g, indent === '' ? '' : `\n${indent}`);
          if (crlf) text = text.replace(/\n/g, '\r\n');
          if (bom) text = `\uFEFF${text}`;
          expect(parseMafileText(text)).toEqual(expected);
        },
      ),
    );
  });
});
