import { normalizeIpv6, type ProxyProtocol } from '@tradedeck/sdk/domain';
import type { OpenSecretBox, SecretBox } from '../../security/secret-box.ts';
import type { Ipv6ProxyRow, Ipv6RehashRepo } from './ipv6-rehash-repo.ts';
import { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot } from './rows.ts';

/** The `system_state` key that records the re-hash as done, so it runs once per database. */
export const IPV6_REHASH_DONE = 'dataFix.proxyIpv6Rehash';

export interface Ipv6RehashOutcome {
  /** Proxies whose host was written in its canonical form and whose identity hash was computed again. */
  rehashed: number;
  /** Proxies left as they were because another proxy of the same user already has the canonical identity. */
  duplicates: number;
}

/**
 * Proxies stored before IPv6 addresses were normalised (`0:0:0:0:0:0:0:1` beside `::1`) carry the hash of the
 * text as written, so the same proxy added again was not found as a duplicate. This writes their hosts in the
 * sdk's canonical form and hashes them again with the user's key; the password is sealed again too, because its
 * envelope is bound to the hash. The hash is a keyed HMAC, so SQL cannot compute it: the server does it once at
 * start-up. A proxy whose canonical identity another proxy of the user already has is left as it is (removing it
 * could take a Steam account's proxy away); the user sees both and may remove one.
 */
export async function rehashIpv6Proxies(
  repo: Ipv6RehashRepo,
  secrets: SecretBox,
): Promise<Ipv6RehashOutcome | null> {
  if (await repo.isDone(IPV6_REHASH_DONE)) return null;
  const outcome: Ipv6RehashOutcome = { rehashed: 0, duplicates: 0 };
  const boxes = new Map<string, OpenSecretBox>();
  for (const row of await repo.ipv6Proxies()) {
    const host = normalizeIpv6(row.host);
    if (host === null) continue;
    let box = boxes.get(row.userId);
    if (!box) {
      box = await secrets.openFor(row.userId);
      boxes.set(row.userId, box);
    }
    const password = row.passwordEnc
      ? box.decrypt(passwordSlot(row.userId, row.identityHash), row.passwordEnc)
      : '';
    const hash = identityHash(box.deriveKey(IDENTITY_KEY_PURPOSE), {
      protocol: row.protocol as ProxyProtocol,
      host,
      port: row.port,
      credentials: storedCredentials(row, password),
    });
    if (hash === row.identityHash && host === row.host) continue;
    if (await repo.hashTaken(row.userId, hash, row.id)) {
      outcome.duplicates += 1;
      continue;
    }
    await repo.update(row.id, {
      host,
      identityHash: hash,
      passwordEnc: row.passwordEnc ? box.encrypt(passwordSlot(row.userId, hash), password) : null,
    });
    outcome.rehashed += 1;
  }
  await repo.markDone(IPV6_REHASH_DONE, { ...outcome });
  return outcome;
}

/** The credentials as the add path hashed them: none when there is neither a login nor a password. */
export function storedCredentials(row: Pick<Ipv6ProxyRow, 'username'>, password: string) {
  return row.username !== null || password !== '' ? { username: row.username ?? '', password } : null;
}
