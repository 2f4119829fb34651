import type { SignInSuccess, SteamProxy } from '../../integrations/steam/index.ts';
import { readTokenClaims } from '../../integrations/steam/token-claims.ts';
import type { AddCandidate } from './add-rows.ts';
import { type AccountsDeps, accountSlot, proxyPasswordSlot } from './deps.ts';
import { protocolNumber, steamProxyIdentityKey } from './proxy-identity.ts';
import type { NewProxyRow } from './proxy-repo.ts';

/**
 * Stores a signed-in account in one transaction: the password, the whole maFile and the refresh token sealed to
 * the account row, the secret flags, the SteamID as decimal text, status idle; an inline proxy is stored (or the
 * user's proxy of the same identity reused) in the same transaction. Answers the new id, or null when the user
 * already has this login.
 */
export async function storeSignedInAccount(
  deps: AccountsDeps,
  userId: string,
  candidate: AddCandidate,
  session: SignInSuccess,
): Promise<number | null> {
  // Secrets are sealed before the transaction: opening the user's data key must not wait on the transaction.
  const id = await deps.repo.nextAccountId();
  const seal = (column: 'password_enc' | 'mafile_enc' | 'refresh_token_enc', text: string) =>
    deps.secrets.encrypt(accountSlot(userId, id, column), text);
  const [passwordEnc, mafileEnc, refreshTokenEnc] = await Promise.all([
    seal('password_enc', candidate.password),
    seal('mafile_enc', candidate.mafileText),
    seal('refresh_token_enc', session.refreshToken),
  ]);
  const refreshExp = readTokenClaims(session.refreshToken)?.exp ?? null;

  const proxy = candidate.proxy;
  let newProxy: NewProxyRow | null = null;
  if (proxy && proxy.storedId === null) newProxy = await sealNewProxy(deps, userId, proxy.steam);

  return deps.repo.run(userId, async (q) => {
    let proxyId = proxy?.storedId ?? null;
    if (newProxy) proxyId = (await q.proxies.insertOrFind(newProxy)).id;
    const inserted = await q.insert({
      id,
      login: candidate.login,
      steamId: session.steamId,
      avatarUri: session.avatarUrl ?? null,
      proxyId,
      passwordEnc,
      mafileEnc,
      refreshTokenEnc,
      refreshTokenExpiresAt: refreshExp ? new Date(refreshExp * 1000) : null,
      hasSharedSecret: true,
      hasIdentitySecret: candidate.mafile.identitySecret !== null,
      hasRevocationCode: candidate.mafile.revocationCode !== null,
      lastLoginAt: new Date(deps.now()),
    });
    return inserted ? id : null;
  });
}

/** A proxy row to store, its password sealed to the id it will have. */
export async function sealNewProxy(
  deps: AccountsDeps,
  userId: string,
  proxy: SteamProxy,
): Promise<NewProxyRow> {
  const id = await deps.repo.nextProxyId();
  return {
    id,
    protocol: protocolNumber(proxy.protocol),
    host: proxy.host,
    port: proxy.port,
    username: proxy.username,
    passwordEnc:
      proxy.username && proxy.password
        ? await deps.secrets.encrypt(proxyPasswordSlot(userId, id), proxy.password)
        : null,
    identityHash: deps.proxyIdentityHash(steamProxyIdentityKey(proxy)),
  };
}
