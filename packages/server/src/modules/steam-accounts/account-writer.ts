import { parseMafileText, readJwtClaims } from '@tradedeck/sdk/domain';
import type { SignInSuccess } from '../../integrations/steam/index.ts';
import type { OpenSecretBox } from '../../security/secret-box.ts';
import type { AddCandidate } from './add-rows.ts';
import { type AccountsDeps, accountSlot } from './deps.ts';
import { userProxyKeys } from './proxy-identity.ts';

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
  box: OpenSecretBox,
): Promise<number | null> {
  // The row id is taken first: each envelope is bound to its row, so a sealed secret cannot be moved.
  const id = await deps.repo.nextAccountId();
  const seal = (column: 'password_enc' | 'mafile_enc' | 'refresh_token_enc', text: string) =>
    box.encrypt(accountSlot(userId, id, column), text);
  const passwordEnc = seal('password_enc', candidate.password);
  const mafileEnc = seal('mafile_enc', candidate.mafileText);
  const refreshTokenEnc = seal('refresh_token_enc', session.refreshToken);
  const keys = userProxyKeys(box, userId);
  const refreshExp = readJwtClaims(session.refreshToken)?.exp ?? null;

  const proxy = candidate.proxy;
  const newProxy = proxy && proxy.storedId === null ? keys.newRow(proxy.steam) : null;

  return deps.repo.run(userId, async (q) => {
    let proxyId = proxy?.storedId ?? null;
    if (newProxy) proxyId = (await q.proxies.storeOrFind([newProxy])).ids.get(newProxy.identityHash)!;
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

/** A stored account as a re-import compares it. */
export interface StoredForReimport {
  id: number;
  passwordEnc: string;
  mafileEnc: string;
}

/**
 * Whether a row repeats an account the user already has: the same password and a maFile of the same authenticator
 * (shared secret, identity secret, revocation code; session tokens and formatting may differ). Such a row is
 * success, answered as unchanged: an import cut short can be run again and finish cleanly.
 */
export function repeatsStoredAccount(
  userId: string,
  candidate: AddCandidate,
  stored: StoredForReimport,
  box: OpenSecretBox,
): boolean {
  const open = (column: 'password_enc' | 'mafile_enc', sealed: string) =>
    box.decrypt(accountSlot(userId, stored.id, column), sealed);
  if (open('password_enc', stored.passwordEnc) !== candidate.password) return false;
  const read = parseMafileText(open('mafile_enc', stored.mafileEnc), { tryExtractProxy: false });
  if (!read.ok) return false;
  const mine = candidate.mafile;
  return (
    read.mafile.sharedSecret === mine.sharedSecret &&
    read.mafile.identitySecret === mine.identitySecret &&
    read.mafile.revocationCode === mine.revocationCode
  );
}
