import { ResultCode } from '@tradedeck/sdk/contract';
import type { AddMode } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import type { AddCandidate, RowErrors } from './add-rows.ts';
import type { AccountsDeps } from './deps.ts';
import { planDistribution } from './distribute.ts';
import { inlineToSteamProxy, protocolName, type UserProxyKeys } from './proxy-identity.ts';
import type { StoredProxy } from './proxy-repo.ts';

export const PROXY_TAG_NOT_FOUND = { ru: 'Тег прокси не найден', en: 'Proxy tag not found' };

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
 * Gives every candidate its proxy (or the reason `noProxy`). Single and multiple: the row's stored proxy, else
 * its inline proxy (an existing proxy of the same identity is reused), else none. Distribute: the proxies of
 * the tag, least busy first, at most `maxAccountsPerProxy` each.
 */
export async function resolveProxies(
  deps: AccountsDeps,
  keys: UserProxyKeys,
  userId: string,
  mode: AddMode,
  distribute: { proxyTagId: number; maxAccountsPerProxy: number } | undefined,
  candidates: AddCandidate[],
  errors: RowErrors,
): Promise<AddCandidate[]> {
  const stored = new Map<number, StoredProxy>();
  const assigned = new Map<string, number | null>();
  const inline = new Map<string, SteamProxy>();

  if (mode === 'distribute' && distribute) {
    const proxies = await deps.repo.run(userId, async (q) => {
      if (!(await q.proxies.tagExists(distribute.proxyTagId)))
        throw new AppError(ResultCode.NotFound, PROXY_TAG_NOT_FOUND);
      return q.proxies.ofTagWithLoad(distribute.proxyTagId);
    });
    for (const proxy of proxies) stored.set(proxy.id, proxy);
    const plan = planDistribution(
      candidates.map((c) => c.index),
      proxies,
      distribute.maxAccountsPerProxy,
    );
    for (const [index, proxyId] of plan) assigned.set(index, proxyId);
  } else {
    const requestedIds = candidates.flatMap((c) => (c.item.proxyId ? [c.item.proxyId] : []));
    const inlineByIndex = new Map<string, SteamProxy>();
    for (const c of candidates)
      if (!c.item.proxyId && c.item.proxyData)
        inlineByIndex.set(c.index, inlineToSteamProxy(c.item.proxyData));
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
