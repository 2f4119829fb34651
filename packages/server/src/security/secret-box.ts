import { createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import { decryptField, encryptField, type SecretSlot, unwrapDataKey, wrapDataKey } from './envelope.ts';
import type { Keyring } from './master-key.ts';

export interface DataKeyStore {
  wrappedKey(userId: string): Promise<string | null>;
  putWrappedKey(userId: string, wrappedKey: string): Promise<string>;
}

/**
 * Encrypts and decrypts stored secrets (TOTP seeds now; Steam passwords, maFile secrets, proxy passwords,
 * marketplace keys and payment passwords later) with per-user data keys wrapped by the master key.
 */
export class SecretBox {
  constructor(
    private readonly keyring: Keyring,
    private readonly store: DataKeyStore,
  ) {}

  async encrypt(slot: SecretSlot, plaintext: string): Promise<string> {
    return encryptField(await this.dataKey(slot.userId), slot, plaintext);
  }

  async decrypt(slot: SecretSlot, value: string): Promise<string> {
    return decryptField(await this.dataKey(slot.userId), slot, value);
  }

  /**
   * One user's box, opened with a single key lookup, for bulk work (imports and exports of thousands of values).
   * `deriveKey` gives a per-user key for keyed hashes; it survives master-key rotation, which rewraps data keys.
   */
  async openFor(userId: string): Promise<OpenSecretBox> {
    const dek = await this.dataKey(userId);
    // Made once for the box: a cipher given the bytes imports the key again for every value.
    const dekKey = createSecretKey(dek);
    const own = (slot: SecretSlot) => {
      if (slot.userId !== userId) throw new Error('secret slot of another user');
      return slot;
    };
    return {
      encrypt: (slot, plaintext) => encryptField(dekKey, own(slot), plaintext),
      decrypt: (slot, value) => decryptField(dekKey, own(slot), value),
      deriveKey: (purpose) =>
        Buffer.from(hkdfSync('sha256', dek, Buffer.alloc(0), `tradedeck|${purpose}`, 32)),
    };
  }

  private async dataKey(userId: string): Promise<Buffer> {
    let wrapped = await this.store.wrappedKey(userId);
    if (!wrapped)
      wrapped = await this.store.putWrappedKey(userId, wrapDataKey(this.keyring, userId, randomBytes(32)));
    return unwrapDataKey(this.keyring, userId, wrapped);
  }
}

export interface OpenSecretBox {
  encrypt(slot: SecretSlot, plaintext: string): string;
  decrypt(slot: SecretSlot, value: string): string;
  deriveKey(purpose: string): Buffer;
}
