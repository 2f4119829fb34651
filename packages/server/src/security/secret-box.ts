import { randomBytes } from 'node:crypto';
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

  private async dataKey(userId: string): Promise<Buffer> {
    let wrapped = await this.store.wrappedKey(userId);
    if (!wrapped)
      wrapped = await this.store.putWrappedKey(userId, wrapDataKey(this.keyring, userId, randomBytes(32)));
    return unwrapDataKey(this.keyring, userId, wrapped);
  }
}
