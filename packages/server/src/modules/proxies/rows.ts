import { createHmac, hash } from 'node:crypto';
import type { ProxyRow } from '@tradedeck/sdk/contract';
import { type ProxyDraft, proxyIdentityKey } from '@tradedeck/sdk/domain';
import type { SecretSlot } from '../../security/envelope.ts';
import type { ProxyDbRow } from './repo.ts';
import type { TagRow } from './tag-repo.ts';

/** Purpose name of the per-user key that hashes proxy identities. */
export const IDENTITY_KEY_PURPOSE = 'proxy-identity-hmac';

/**
 * The keyed hash that finds duplicates: HMAC-SHA256 of protocol, host, port, login and password under a key
 * derived from the user's data key, so the column reveals nothing about a password without the server's keys.
 */
export function identityHash(
  key: Buffer,
  proxy: Pick<ProxyDraft, 'protocol' | 'host' | 'port' | 'credentials'>,
) {
  return identityHashOfKey(key, proxyIdentityKey(proxy));
}

/** `identityHash` of a proxy whose `proxyIdentityKey` is at hand (the list parser computes it). */
export function identityHashOfKey(key: Buffer, identityKey: string) {
  return createHmac('sha256', key).update(identityKey).digest('base64url');
}

/**
 * `identityHashOfKey` for many lines under one key, as an import hashes them: the same HMAC-SHA256, computed as
 * its two SHA-256 passes over the key's inner and outer pads, prepared once. A list's hashes then cost two one-shot
 * digests each instead of an HMAC object per line. The key must be at most one SHA-256 block (derived keys are 32
 * bytes).
 */
export function identityHasher(key: Buffer): (identityKey: string) => string {
  if (key.length > SHA256_BLOCK) throw new Error('identity key longer than one SHA-256 block');
  const inner = Buffer.alloc(SHA256_BLOCK + 1024, 0x36);
  const outer = Buffer.alloc(SHA256_BLOCK + 32, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i]! ^= key[i]!;
    outer[i]! ^= key[i]!;
  }
  return (identityKey) => {
    // A key longer than the buffer (never in a list: lines are short) is hashed the usual way.
    if (identityKey.length * 3 > inner.length - SHA256_BLOCK) return identityHashOfKey(key, identityKey);
    const end = SHA256_BLOCK + inner.write(identityKey, SHA256_BLOCK, 'utf8');
    // 'binary' is latin1: one char a byte, so the inner digest's 32 bytes are written back unchanged.
    outer.write(hash('sha256', inner.subarray(0, end), 'binary'), SHA256_BLOCK, 'binary');
    return hash('sha256', outer, 'base64url');
  };
}

const SHA256_BLOCK = 64;

/**
 * Where a proxy password lives. The row is named by its identity hash rather than its id, so a bulk add can
 * encrypt before the rows exist; the envelope still cannot be moved to another proxy (or user) and open.
 */
export function passwordSlot(userId: string, identityHash: string): SecretSlot {
  return { userId, table: 'proxies', column: 'password_enc', rowId: identityHash };
}

/** A stored row as answers show it: credentials without the password, tags, accounts and the last check. */
export function toProxyRow(
  row: ProxyDbRow,
  tags: readonly TagRow[],
  accounts: readonly { id: number; login: string }[],
): ProxyRow {
  return {
    id: row.id,
    proxyName: row.name,
    identity: {
      protocol: row.protocol as ProxyRow['identity']['protocol'],
      address: row.host,
      port: row.port,
    },
    credentials:
      row.username === null ? null : { username: row.username, hasPassword: row.passwordEnc !== null },
    metadata: { countryCode: row.countryCode },
    steamAccounts: [...accounts],
    tags: [...tags],
    status: row.status as ProxyRow['status'],
    lastCheck:
      row.lastCheckedAt === null
        ? null
        : {
            checkedAt: row.lastCheckedAt.toISOString(),
            valid: row.lastValid ?? false,
            latencyMs: row.lastLatencyMs,
            exitIp: row.lastExitIp,
            errorClass: (row.lastErrorClass as NonNullable<ProxyRow['lastCheck']>['errorClass']) ?? null,
          },
    createdAt: row.createdAt.toISOString(),
  };
}
