import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveDeviceId,
  encodeBase64,
  GUARD_CODE_ALPHABET,
  generateConfirmationKey,
  generateGuardCode,
  guardCodeRemainingSeconds,
  InvalidSecretError,
} from '../../src/domain/index.ts';

// Reference vectors from notes/steam.md §4.1 (ASF unit tests; steam-totp 2.1.2 gives the same values).
const SHARED = 'KDHC3rsY8+CmiswnXJcE5e5dRfd=';
const IDENTITY = 'qrg+wW8/u/TDt2i/+FQuPhuVrmY=';

describe('Steam Guard login codes', () => {
  it.each([
    [1337, '47J4D'],
    [1723332288, 'JQ3HQ'],
  ])('time %i gives %s', async (time, expected) => {
    expect(await generateGuardCode(SHARED, time)).toBe(expected);
  });

  it('is the same for every second of one 30-second window and changes across windows', async () => {
    const start = 1723332270; // a multiple of 30
    const codes = await Promise.all([0, 1, 15, 29].map((s) => generateGuardCode(SHARED, start + s)));
    expect(new Set(codes).size).toBe(1);
    expect(await generateGuardCode(SHARED, start + 30)).not.toBe(codes[0]);
  });

  it('accepts the secret as 40 hex digits', async () => {
    const bytes = Uint8Array.from(atob(SHARED.replace(/=+$/, '').padEnd(28, '=')), (c) => c.charCodeAt(0));
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(await generateGuardCode(hex, 1337)).toBe('47J4D');
  });

  it('rejects a secret that is not 20 bytes', async () => {
    await expect(generateGuardCode('c2hvcnQ=', 1337)).rejects.toBeInstanceOf(InvalidSecretError);
  });

  it('matches an independent HMAC-SHA1 computation for any secret and time (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        async (key, time) => {
          const counter = Buffer.alloc(8);
          counter.writeBigUInt64BE(BigInt(Math.floor(time / 30)));
          const hash = createHmac('sha1', Buffer.from(key)).update(counter).digest();
          const offset = hash[19]! & 0x0f;
          let value = hash.readUInt32BE(offset) & 0x7fffffff;
          let expected = '';
          for (let i = 0; i < 5; i++) {
            expected += GUARD_CODE_ALPHABET[value % 26];
            value = Math.floor(value / 26);
          }
          expect(await generateGuardCode(encodeBase64(key), time)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts the seconds left in the window', () => {
    expect(guardCodeRemainingSeconds(1723332270)).toBe(30);
    expect(guardCodeRemainingSeconds(1723332299)).toBe(1);
    expect(guardCodeRemainingSeconds(1723332288.7)).toBe(12);
  });
});

describe('confirmation keys', () => {
  it.each([
    [1337, '', 'QFo72j9TnG+uRXe9EIJs4zyBPo0='],
    [1337, 'conf', 'mYbCKs8ZvsVN2odCMxpvidrIu1c='],
    [1723332288, '', 'hiEx+JBqJqFJnSSL+dEthPHOmsc='],
    [1723332288, 'conf', 'hpZUxyNgwBvtKPROvedjuvVPQiE='],
  ])('time %i tag "%s" gives %s', async (time, tag, expected) => {
    expect(await generateConfirmationKey(IDENTITY, time, tag)).toBe(expected);
  });

  it('cuts the tag to 32 bytes', async () => {
    const long = 'x'.repeat(40);
    expect(await generateConfirmationKey(IDENTITY, 1337, long)).toBe(
      await generateConfirmationKey(IDENTITY, 1337, long.slice(0, 32)),
    );
  });
});

describe('device id', () => {
  it('is android: plus the SHA-1 of the SteamID laid out as a UUID', async () => {
    const steamId = '76561197960287930';
    const hex = (await import('node:crypto')).createHash('sha1').update(steamId).digest('hex');
    const id = await deriveDeviceId(steamId);
    expect(id).toMatch(/^android:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(id.replace(/^android:|-/g, '')).toBe(hex.slice(0, 32));
  });
});
