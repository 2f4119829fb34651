import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userKeys, users } from '../../src/db/schema.ts';
import { normalizeEmail } from '../../src/modules/auth/service.ts';
import {
  decryptField,
  EnvelopeError,
  encryptField,
  unwrapDataKey,
  wrapDataKey,
} from '../../src/security/envelope.ts';
import { parseKeyring } from '../../src/security/master-key.ts';
import { normalizeRecoveryCode } from '../../src/security/random-codes.ts';
import { rewrapDataKeys } from '../../src/security/rewrap-keys.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const seed = 20_261_122;
const slotArb = fc.record({
  userId: fc.uuid(),
  table: fc.stringMatching(/^[a-z_]{1,20}$/),
  column: fc.stringMatching(/^[a-z_]{1,20}$/),
  rowId: fc.string({ minLength: 1, maxLength: 12 }),
});

describe('properties (fixed seed)', () => {
  const dek = randomBytes(32);

  it('decrypt(encrypt(x)) == x for any text and slot; any other slot or flipped byte fails', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        slotArb,
        slotArb,
        fc.nat(),
        (text, slot, other, flip) => {
          const value = encryptField(dek, slot, text);
          expect(decryptField(dek, slot, value)).toBe(text);
          if (JSON.stringify(slot) !== JSON.stringify(other)) {
            expect(() => decryptField(dek, other, value)).toThrow(EnvelopeError);
          }
          const blob = Buffer.from(value.split('.')[2]!, 'base64url');
          blob[flip % blob.length]! ^= 0x01;
          expect(() => decryptField(dek, slot, `v1.d1.${blob.toString('base64url')}`)).toThrow(EnvelopeError);
        },
      ),
      { seed, numRuns: 200 },
    );
  });

  it('the envelope parser only ever throws EnvelopeError on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 80 }).map((b) => `v1.d1.${Buffer.from(b).toString('base64url')}`),
        ),
        (input) => {
          try {
            decryptField(dek, { userId: 'u', table: 't', column: 'c', rowId: 'r' }, input);
          } catch (error) {
            expect(error).toBeInstanceOf(EnvelopeError);
          }
        },
      ),
      { seed, numRuns: 300 },
    );
  });

  it('recovery-code and e-mail normalisation are idempotent and shaped as the spec says', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const once = normalizeRecoveryCode(input);
        expect(normalizeRecoveryCode(once)).toBe(once);
        expect(once).toMatch(/^([A-Z0-9]{0,5}|[A-Z0-9]{5}-[A-Z0-9]{1,5})$/);
        const email = normalizeEmail(input);
        expect(normalizeEmail(email)).toBe(email);
      }),
      { seed, numRuns: 500 },
    );
  });
});

describe('master-key rotation', () => {
  it('re-wraps every data key under the new key; the data keys themselves do not change', async () => {
    const db = await createTestDatabase();
    try {
      const old = parseKeyring(`k1:${randomBytes(32).toString('base64')}`);
      const [user] = await db.database.db
        .insert(users)
        .values({ email: 'rotate@example.test', userName: 'rotate', passwordHash: 'x' })
        .returning();
      const dek = randomBytes(32);
      await db.database.db
        .insert(userKeys)
        .values({ userId: user!.id, wrappedKey: wrapDataKey(old, user!.id, dek) });
      const rotated = parseKeyring(
        `k2:${randomBytes(32).toString('base64')},k1:${old.keys.get('k1')!.toString('base64')}`,
      );
      expect(await rewrapDataKeys(db.database.db, rotated)).toBe(1);
      expect(await rewrapDataKeys(db.database.db, rotated)).toBe(0);
      const [row] = await db.database.db.select().from(userKeys);
      expect(row!.wrappedKey.startsWith('v1.k2.')).toBe(true);
      const onlyNew = { active: 'k2', keys: new Map([['k2', rotated.keys.get('k2')!]]) };
      expect(unwrapDataKey(onlyNew, user!.id, row!.wrappedKey).equals(dek)).toBe(true);
    } finally {
      await db.drop();
    }
  });
});
