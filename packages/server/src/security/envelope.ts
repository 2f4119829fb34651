import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import type { Keyring } from './master-key.ts';

const VERSION = 'v1';
const NONCE = 12;
const TAG = 16;

/** Where a secret lives; bound into the AAD so a ciphertext moved to another user, column or row fails. */
export interface SecretSlot {
  userId: string;
  table: string;
  column: string;
  rowId: string;
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

/** A key as bytes, or as a key object made once for bulk work (a cipher then skips importing the bytes). */
export type EnvelopeKey = Buffer | KeyObject;

/**
 * Nonces are cut from a block of random bytes drawn at once: one call into the random source per 4,096 nonces
 * instead of one per value (a 100,000-line import seals 66,000 passwords). Each nonce is used once, as before.
 */
const NONCES_PER_DRAW = 4_096;
let nonces = Buffer.alloc(0);
let nextNonce = 0;

function freshNonce(): Buffer {
  if (nextNonce + NONCE > nonces.length) {
    nonces = randomBytes(NONCE * NONCES_PER_DRAW);
    nextNonce = 0;
  }
  const nonce = nonces.subarray(nextNonce, nextNonce + NONCE);
  nextNonce += NONCE;
  return nonce;
}

function seal(key: EnvelopeKey, plaintext: Buffer, aad: string): Buffer {
  const nonce = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

/**
 * `seal` of a text, as base64url: the same bytes (nonce, tag, ciphertext), written once into a buffer of their
 * length instead of through two concatenations, the text encrypted without a copy of it as bytes first (a bulk
 * import seals tens of thousands of passwords, and each copy is garbage to collect).
 */
function sealText(key: EnvelopeKey, plaintext: string, aad: string): string {
  const nonce = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const head = cipher.update(plaintext, 'utf8');
  // GCM is a stream mode: `final` adds nothing, but the bytes stay right if it ever did.
  const tail = cipher.final();
  const body = tail.length === 0 ? head : Buffer.concat([head, tail]);
  const sealed = Buffer.allocUnsafe(NONCE + TAG + body.length);
  nonce.copy(sealed, 0);
  cipher.getAuthTag().copy(sealed, NONCE);
  body.copy(sealed, NONCE + TAG);
  return sealed.toString('base64url');
}

function open(key: EnvelopeKey, blob: Buffer, aad: string): Buffer {
  if (blob.length < NONCE + TAG) throw new EnvelopeError('ciphertext too short');
  // authTagLength: 16 makes Node refuse truncated tags, which it would otherwise accept.
  const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, NONCE), { authTagLength: TAG });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(blob.subarray(NONCE, NONCE + TAG));
  try {
    return Buffer.concat([decipher.update(blob.subarray(NONCE + TAG)), decipher.final()]);
  } catch {
    throw new EnvelopeError('ciphertext does not authenticate');
  }
}

/** Wraps a user's data key under the active master key: `v1.<kid>.<base64url>`. */
export function wrapDataKey(keyring: Keyring, userId: string, dek: Buffer): string {
  const kek = keyring.keys.get(keyring.active)!;
  return `${VERSION}.${keyring.active}.${seal(kek, dek, `dek|${VERSION}|${userId}`).toString('base64url')}`;
}

export function unwrapDataKey(keyring: Keyring, userId: string, wrapped: string): Buffer {
  const { kid, blob } = parse(wrapped);
  const kek = keyring.keys.get(kid);
  if (!kek) throw new EnvelopeError(`unknown master key id ${kid}`);
  return open(kek, blob, `dek|${VERSION}|${userId}`);
}

export function dataKeyNeedsRewrap(keyring: Keyring, wrapped: string): boolean {
  return parse(wrapped).kid !== keyring.active;
}

/** Encrypts one field value with the user's data key: `v1.<dekVersion>.<base64url(nonce‖tag‖ciphertext)>`. */
export function encryptField(dek: EnvelopeKey, slot: SecretSlot, plaintext: string): string {
  return `${VERSION}.d1.${sealText(dek, plaintext, fieldAad(slot))}`;
}

export function decryptField(dek: EnvelopeKey, slot: SecretSlot, value: string): string {
  const { blob } = parse(value);
  return open(dek, blob, fieldAad(slot)).toString('utf8');
}

function fieldAad(slot: SecretSlot): string {
  return `${VERSION}|${slot.userId}|${slot.table}.${slot.column}|${slot.rowId}`;
}

function parse(value: string): { kid: string; blob: Buffer } {
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1]) throw new EnvelopeError('not a v1 envelope');
  return { kid: parts[1], blob: Buffer.from(parts[2]!, 'base64url') };
}
