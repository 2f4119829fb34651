import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../src/security/password-hasher.ts';
import { isCommonPassword, passwordProblems } from '../../src/security/password-policy.ts';
import { normalizeRecoveryCode, recoveryCode } from '../../src/security/random-codes.ts';
import { clientKey } from '../../src/security/rate-limiter.ts';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  totpCode,
  verifyTotp,
} from '../../src/security/totp.ts';

describe('security primitives', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and flags weaker hashes for rehash', async () => {
    const phc = await hashPassword('Correct-Horse-9');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(phc, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(phc, 'correct-horse-9')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(phc)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
    expect(needsRehash('$2b$10$bcrypt')).toBe(true);
  });

  it('applies the password rules and the common list', () => {
    expect(passwordProblems('Quartz-Lantern-42')).toEqual([]);
    expect(passwordProblems('')).toEqual(['required']);
    expect(passwordProblems('abc')).toEqual(expect.arrayContaining(['tooShort', 'noUppercase', 'noSymbol']));
    for (const p of ['Password1!', 'Qwerty123!', 'Football!', 'ILOVEYOU!!'])
      expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('Quartz-Lantern-42')).toBe(false);
    expect(passwordProblems(`A!${'x'.repeat(126)}`)).toEqual([]);
    expect(passwordProblems(`A!${'x'.repeat(127)}`)).toEqual(['tooLong']);
  });

  it('computes HOTP/TOTP per RFC 4226 and 6238 and refuses replays', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe('07081804');
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    const now = 1_700_000_000_000;
    const code = totpCode(secret, now);
    const step = verifyTotp(secret, code, now, null);
    expect(step).toBe(Math.floor(now / 30_000));
    expect(verifyTotp(secret, code, now, step)).toBeNull();
    expect(verifyTotp(secret, '12345', now, null)).toBeNull();
  });

  it('makes and normalises recovery codes as the spec says', () => {
    const codes = new Set(Array.from({ length: 200 }, recoveryCode));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(normalizeRecoveryCode(' abcde-fghij ')).toBe('ABCDE-FGHIJ');
    expect(normalizeRecoveryCode('ABCDEFGHIJ')).toBe('ABCDE-FGHIJ');
    expect(normalizeRecoveryCode('ab cd ef gh ij kl')).toBe('ABCDE-FGHIJ');
    expect(normalizeRecoveryCode(normalizeRecoveryCode('x-y_z'))).toBe(normalizeRecoveryCode('x-y_z'));
  });

  it('keys IPv6 clients by their /64', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::9'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('10.0.0.1')).toBe('10.0.0.1');
  });
});
