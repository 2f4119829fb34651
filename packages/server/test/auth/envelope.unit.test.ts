import { createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decryptField,
  EnvelopeError,
  encryptField,
  unwrapDataKey,
  wrapDataKey,
} from '../../src/security/envelope.ts';
import { loadKeyring, parseKeyring } from '../../src/security/master-key.ts';
import { SecretBox } from '../../src/security/secret-box.ts';

const slot = { userId: 'u1', table: 'steam_accounts', column: 'shared_secret', rowId: '42' };

describe('envelope encryption', () => {
  it('round-trips and binds user, table, column and row', () => {
    const dek = randomBytes(32);
    for (const text of ['', 'secret', 'ж'.repeat(1000), '\u0000binary\uffff']) {
      const value = encryptField(dek, slot, text);
      expect(value).toMatch(/^v1\.d1\.[A-Za-z0-9_-]+$/);
      expect(decryptField(dek, slot, value)).toBe(text);
    }
    const value = encryptField(dek, slot, 'secret');
    for (const other of [
      { ...slot, userId: 'u2' },
      { ...slot, table: 'proxies' },
      { ...slot, column: 'identity_secret' },
      { ...slot, rowId: '43' },
    ]) {
      expect(() => decryptField(dek, other, value)).toThrow(EnvelopeError);
    }
    expect(() => decryptField(randomBytes(32), slot, value)).toThrow(EnvelopeError);
  });

  it('reads a value sealed before, and seals in the same format: nonce, tag, ciphertext under the slot as AAD', () => {
    const key = Buffer.alloc(32, 7);
    const passwordSlot = { userId: 'u1', table: 'proxies', column: 'password_enc', rowId: 'h1' };
    const before = 'v1.d1.wyqRdjr6bSPxbBAuzcPIPWTuw0lymUpVGH2dOKMROebvMG8Yg32XtJWFkxgDCUs';
    expect(decryptField(key, passwordSlot, before)).toBe('пароль-secret');
    const blob = Buffer.from(encryptField(key, passwordSlot, 'пароль-secret').split('.')[2]!, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12), { authTagLength: 16 });
    decipher.setAAD(Buffer.from('v1|u1|proxies.password_enc|h1', 'utf8'));
    decipher.setAuthTag(blob.subarray(12, 28));
    const text = Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8');
    expect(text).toBe('пароль-secret');
  });

  it('gives every value its own nonce, across the blocks nonces are drawn in, with the key as bytes or as a key object', () => {
    const dek = randomBytes(32);
    const key = createSecretKey(dek);
    const seen = new Set<string>();
    // More values than one draw of random bytes holds (4,096 nonces).
    for (let i = 0; i < 10_000; i++) {
      const value = encryptField(i % 2 === 0 ? dek : key, slot, 'same text');
      const nonce = Buffer.from(value.split('.')[2]!, 'base64url').subarray(0, 12).toString('hex');
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      expect(decryptField(i % 2 === 0 ? key : dek, slot, value)).toBe('same text');
    }
  });

  it('refuses flipped bytes, truncated tags, short blobs and other formats', () => {
    const dek = randomBytes(32);
    const value = encryptField(dek, slot, 'secret');
    const blob = Buffer.from(value.split('.')[2]!, 'base64url');
    for (let i = 0; i < blob.length; i += 1) {
      const flipped = Buffer.from(blob);
      flipped[i]! ^= 1;
      expect(() => decryptField(dek, slot, `v1.d1.${flipped.toString('base64url')}`)).toThrow(EnvelopeError);
    }
    // A 4-byte tag (which Node accepts without authTagLength) and anything under 28 bytes are refused.
    const truncated = Buffer.concat([blob.subarray(0, 16), blob.subarray(28)]);
    expect(() => decryptField(dek, slot, `v1.d1.${truncated.toString('base64url')}`)).toThrow(EnvelopeError);
    expect(() => decryptField(dek, slot, `v1.d1.${blob.subarray(0, 27).toString('base64url')}`)).toThrow(
      EnvelopeError,
    );
    for (const bad of ['', 'v2.d1.abc', 'plain', 'v1..', value.replace('v1.', 'v0.')]) {
      expect(() => decryptField(dek, slot, bad)).toThrow(EnvelopeError);
    }
  });

  it('wraps data keys per user; a key moved to another user does not unwrap; rotation keeps old kids readable', () => {
    const old = parseKeyring(`k1:${randomBytes(32).toString('base64')}`);
    const dek = randomBytes(32);
    const wrapped = wrapDataKey(old, 'u1', dek);
    expect(wrapped.startsWith('v1.k1.')).toBe(true);
    expect(unwrapDataKey(old, 'u1', wrapped).equals(dek)).toBe(true);
    expect(() => unwrapDataKey(old, 'u2', wrapped)).toThrow(EnvelopeError);
    const rotated = parseKeyring(
      `k2:${randomBytes(32).toString('base64')},k1:${old.keys.get('k1')!.toString('base64')}`,
    );
    expect(rotated.active).toBe('k2');
    expect(unwrapDataKey(rotated, 'u1', wrapped).equals(dek)).toBe(true);
    expect(wrapDataKey(rotated, 'u1', dek).startsWith('v1.k2.')).toBe(true);
  });

  it('creates the master key file with mode 0600 and refuses malformed keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tradedeck-key-'));
    const first = loadKeyring(null, dir);
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(loadKeyring(null, dir).keys.get('k1')!.equals(first.keys.get('k1')!)).toBe(true);
    expect(() => parseKeyring('short')).toThrow(/32 bytes/);
    chmodSync(join(dir, 'master.key'), 0o644);
    expect(() => loadKeyring(null, dir)).toThrow(/owner only/);
    expect(loadKeyring(randomBytes(32).toString('base64'), null).active).toBe('k1');
  });

  it('SecretBox creates one data key per user and decrypts only in the right slot', async () => {
    const keyring = parseKeyring(randomBytes(32).toString('base64'));
    const stored = new Map<string, string>();
    const box = new SecretBox(keyring, {
      wrappedKey: async (id) => stored.get(id) ?? null,
      putWrappedKey: async (id, w) => {
        if (!stored.has(id)) stored.set(id, w);
        return stored.get(id)!;
      },
    });
    const a = await box.encrypt(slot, 'shared');
    const b = await box.encrypt({ ...slot, userId: 'u2' }, 'shared');
    expect(stored.size).toBe(2);
    expect(await box.decrypt(slot, a)).toBe('shared');
    await expect(box.decrypt({ ...slot, userId: 'u2' }, a)).rejects.toThrow(EnvelopeError);
    await expect(box.decrypt(slot, b)).rejects.toThrow(EnvelopeError);
  });
});
