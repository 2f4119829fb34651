import type { SteamProxy } from '../../integrations/steam/index.ts';
import type { AddCandidate, RowErrors } from './add-rows.ts';
import type { AccountsDeps } from './deps.ts';
import { inlineToSteamProxy, protocolName, type UserProxyKeys } from './proxy-identity.ts';
import type { StoredProxy } from './proxy-repo.ts';

/** A stored proxy opened for a Steam call (its password decrypted in memory only). */
export function openStoredProxy(keys: UserProxyKeys, proxy: StoredProxy): SteamProxy {
  return {
    protocol: protocolName(proxy.protocol),
    host: proxy.host,
    port: proxy.port,
    username: proxy.username,
    password: proxy.passwordEnc
      ? keys.openPassword(proxy.identityHash, proxy.passwordEnc)
      : proxy.username
        ? ''
        : null,
  };
}

/**
 * Gives every candidate of the single and multiple modes its proxy (or the reason `noProxy`): the row's stored
 * proxy, else its inline proxy (an existing proxy of the same identity is reused), else none. The user chose the
 * proxy, so a resting one is used as it is (the port answers it with "proxy error"). The distribute mode plans
 * its own proxies (`distributed-add.ts`).
 */
export async function resolveProxies(
  deps: AccountsDeps,
  keys: UserProxyKeys,
  userId: string,
  candidates: AddCandidate[],
  errors: RowErrors,
): Promise<AddCandidate[]> {
  const stored = new Map<number, StoredProxy>();
  const assigned = new Map<string, number | null>();
  const inline = new Map<string, SteamProxy>();

  const requestedIds = candidates.flatMap((c) => (c.item.proxyId ? [c.item.proxyId] : []));
  const inlineByIndex = new Map<string, SteamProxy>();
  for (const c of candidates)
    if (!c.item.proxyId && c.item.proxyData) inlineByIndex.set(c.index, inlineToSteamProxy(c.item.proxyData));
  const hashes = new Map([...inlineByIndex].map(([index, proxy]) => [index, keys.hash(proxy)]));
  const { found, byHash } = await deps.repo.run(userId, async (q) => ({
    found: await q.proxies.byIds(requestedIds),
    byHash: await q.proxies.idsByIdentityHashes([...new Set(hashes.values())]),
  }));
  for (const proxy of found) stored.set(proxy.id, proxy);
  for (const c of candidates) {
    if (c.item.proxyId) {
      // Someone else's proxy id reads as no proxy: it is never used, nor confirmed to exist.
      assigned.set(c.index, stored.has(c.item.proxyId) ? c.item.proxyId : null);
      continue;
    }
    const proxy = inlineByIndex.get(c.index);
    if (!proxy) {
      assigned.set(c.index, null);
      continue;
    }
    const existingId = byHash.get(hashes.get(c.index)!);
    if (existingId !== undefined) assigned.set(c.index, existingId);
    else inline.set(c.index, proxy);
  }
  const missing = [...new Set([...byHash.values()].filter((id) => !stored.has(id)))];
  if (missing.length > 0) {
    const more = await deps.repo.run(userId, (q) => q.proxies.byIds(missing));
    for (const proxy of more) stored.set(proxy.id, proxy);
  }

  const opened = new Map<number, SteamProxy>();
  for (const proxy of stored.values()) opened.set(proxy.id, openStoredProxy(keys, proxy));

  const ready: AddCandidate[] = [];
  for (const c of candidates) {
    const inlineProxy = inline.get(c.index);
    if (inlineProxy) {
      ready.push({ ...c, proxy: { steam: inlineProxy, storedId: null } });
      continue;
    }
    const proxyId = assigned.get(c.index) ?? null;
    const steam = proxyId !== null ? opened.get(proxyId) : undefined;
    if (proxyId === null || !steam) {
      errors.set(c.index, 'noProxy');
      continue;
    }
    ready.push({ ...c, proxy: { steam, storedId: proxyId } });
  }
  return ready;
}
