import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityHasher, identityHashOfKey } from '../../src/modules/proxies/rows.ts';

describe('identity hasher of an import', () => {
  it('gives the HMAC-SHA256 of every identity key, short, non-ASCII, empty and longer than its buffer', () => {
    const key = randomBytes(32);
    const hashOf = identityHasher(key);
    const keys = [
      'http|10.0.0.1|8080|user|pass',
      '',
      'socks5|[2001:db8::1]|1080|пользователь|пароль🔑',
      `http|h|1|${'x'.repeat(400)}|${'я'.repeat(400)}`,
      'a'.repeat(5_000),
    ];
    for (const identityKey of keys) {
      const expected = createHmac('sha256', key).update(identityKey).digest('base64url');
      expect(hashOf(identityKey)).toBe(expected);
      expect(identityHashOfKey(key, identityKey)).toBe(expected);
    }
    // A short key after a long one: nothing of the earlier key is left in the buffer.
    expect(hashOf('b')).toBe(createHmac('sha256', key).update('b').digest('base64url'));
  });

  it('differs per key', () => {
    expect(identityHasher(randomBytes(32))('same')).not.toBe(identityHasher(randomBytes(32))('same'));
  });
});
