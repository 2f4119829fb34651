import { type BatchResult, ResultCode } from '@tradedeck/sdk/contract';
import {
  mafileFailureMessages,
  mafileOwnerProblem,
  parseMafileText,
  readJwtClaims,
} from '@tradedeck/sdk/domain';
import { type Language, resultCodeMessages } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import { type AccountsDeps, accountSlot } from './deps.ts';
import {
  ACCOUNT_NOT_FOUND,
  MAFILE_NAMES_NO_ACCOUNT,
  mafileOtherAccount,
  mafileUnreadable,
  PROXY_NOT_FOUND,
  TAG_NOT_FOUND,
} from './messages.ts';
import type { StoredSecrets } from './repo.ts';

export interface CredentialsStatus {
  hasPassword: boolean;
  hasSharedSecret: boolean;
  hasIdentitySecret: boolean;
  hasRevocationCode: boolean;
  hasRefreshToken: boolean;
  refreshTokenExpiresAt: string | null;
}

function credentialsStatusOf(secrets: StoredSecrets): CredentialsStatus {
  return {
    hasPassword: secrets.passwordEnc !== '',
    hasSharedSecret: secrets.hasSharedSecret,
    hasIdentitySecret: secrets.hasIdentitySecret,
    hasRevocationCode: secrets.hasRevocationCode,
    hasRefreshToken: secrets.refreshTokenEnc !== null,
    refreshTokenExpiresAt: secrets.refreshTokenExpiresAt?.toISOString() ?? null,
  };
}

/** Changing stored accounts: removal, proxy, password, maFile and tags. Another user's id answers 3. */
export class AccountEditService {
  constructor(private readonly deps: AccountsDeps) {}

  async remove(userId: string, id: number): Promise<{ id: number }> {
    const removed = await this.deps.repo.run(userId, (q) => q.remove([id]));
    if (removed.length === 0) throw new AppError({ code: ResultCode.NotFound, text: ACCOUNT_NOT_FOUND });
    return { id };
  }

  async batchRemove(userId: string, ids: readonly number[], lang: Language): Promise<BatchResult> {
    const removed = await this.deps.repo.run(userId, (q) => q.remove(ids));
    return batchOutcome(ids, new Set(removed), lang);
  }

  async setProxy(userId: string, id: number, proxyId: number | null): Promise<void> {
    await this.deps.repo.run(userId, async (q) => {
      if (proxyId !== null && !(await q.proxies.owned([proxyId])).has(proxyId))
        throw new AppError({ code: ResultCode.NotFound, text: PROXY_NOT_FOUND });
      const updated = await q.setProxy([id], proxyId);
      if (updated.length === 0) throw new AppError({ code: ResultCode.NotFound, text: ACCOUNT_NOT_FOUND });
    });
  }

  async updatePassword(userId: string, id: number, password: string): Promise<void> {
    await this.requireOwned(userId, id);
    const passwordEnc = await this.deps.secrets.encrypt(accountSlot(userId, id, 'password_enc'), password);
    const updated = await this.deps.repo.run(userId, (q) => q.updatePassword(id, passwordEnc));
    if (!updated) throw new AppError({ code: ResultCode.NotFound, text: ACCOUNT_NOT_FOUND });
  }

  async credentialsStatus(userId: string, id: number): Promise<CredentialsStatus> {
    return credentialsStatusOf(await this.requireOwned(userId, id));
  }

  /**
   * Replaces the maFile (and the password when given). The file must be readable and be this account's: its
   * `account_name` equal to the login (any case) and its SteamID equal to the stored one, whichever of the two the
   * file and the account carry. A refresh token it brings replaces the stored one. The account's proxy, tags and
   * status are not touched; the sealed secrets change in one statement.
   */
  async updateCredentials(
    userId: string,
    input: { id: number; mafile: string; password?: string | undefined },
  ): Promise<CredentialsStatus> {
    const current = await this.requireOwned(userId, input.id);
    const read = parseMafileText(input.mafile, { tryExtractProxy: false });
    if (!read.ok)
      throw new AppError({
        code: ResultCode.ValidationError,
        text: mafileUnreadable({
          ru: mafileFailureMessages.ru[read.reason],
          en: mafileFailureMessages.en[read.reason],
        }),
        details: { reason: read.reason },
      });
    const { mafile } = read;
    const problem = mafileOwnerProblem(mafile, current);
    if (problem)
      throw new AppError({
        code: ResultCode.InvalidModel,
        text:
          problem.kind === 'namesNoAccount'
            ? MAFILE_NAMES_NO_ACCOUNT
            : mafileOtherAccount(problem.file, problem.account),
      });

    const slot = (column: 'password_enc' | 'mafile_enc' | 'refresh_token_enc') =>
      accountSlot(userId, input.id, column);
    const refreshToken = mafile.session?.refreshToken ?? null;
    const values = {
      mafileEnc: await this.deps.secrets.encrypt(slot('mafile_enc'), input.mafile),
      ...(input.password
        ? { passwordEnc: await this.deps.secrets.encrypt(slot('password_enc'), input.password) }
        : {}),
      steamId: current.steamId ?? mafile.steamId,
      hasSharedSecret: true,
      hasIdentitySecret: mafile.identitySecret !== null,
      hasRevocationCode: mafile.revocationCode !== null,
      refreshTokenEnc: refreshToken
        ? await this.deps.secrets.encrypt(slot('refresh_token_enc'), refreshToken)
        : current.refreshTokenEnc,
      refreshTokenExpiresAt: refreshToken
        ? expiryOf(refreshToken, mafile.session?.refreshTokenExpiresAt ?? null)
        : current.refreshTokenExpiresAt,
    };
    await this.deps.repo.run(userId, (q) => q.updateCredentials(input.id, values));
    return this.credentialsStatus(userId, input.id);
  }

  /**
   * Puts a tag on accounts; tag id 0 creates the tag by name or reuses the user's tag of that name. When none of
   * the accounts is the user's, nothing is created.
   */
  async addTag(userId: string, accountIds: readonly number[], tag: { id: number; name: string }) {
    return this.deps.repo.run(userId, async (q) => {
      const owned = await q.ownedIds(accountIds);
      const target =
        tag.id !== 0
          ? await q.tags.find(tag.id)
          : owned.size > 0
            ? await q.tags.findOrCreate(tag.name)
            : { id: 0, name: tag.name };
      if (!target) throw new AppError({ code: ResultCode.NotFound, text: TAG_NOT_FOUND });
      await q.tags.link([...owned], target.id);
      return { tag: target, owned };
    });
  }

  async removeTag(userId: string, accountIds: readonly number[], tagId: number) {
    return this.deps.repo.run(userId, async (q) => {
      if (!(await q.tags.find(tagId))) throw new AppError({ code: ResultCode.NotFound, text: TAG_NOT_FOUND });
      const owned = await q.ownedIds(accountIds);
      await q.tags.unlink([...owned], tagId);
      return owned;
    });
  }

  async tagsOf(userId: string, id: number) {
    return this.deps.repo.run(userId, async (q) => (await q.tagsOf([id])).get(id) ?? []);
  }

  async requireOwned(userId: string, id: number): Promise<StoredSecrets> {
    const secrets = await this.deps.repo.run(userId, (q) => q.secrets(id));
    if (!secrets) throw new AppError({ code: ResultCode.NotFound, text: ACCOUNT_NOT_FOUND });
    return secrets;
  }
}

function expiryOf(token: string, fallbackSeconds: number | null): Date | null {
  const exp = readJwtClaims(token)?.exp ?? fallbackSeconds;
  return exp ? new Date(exp * 1000) : null;
}

/** Per-id outcome of a batch: ids not done are reported as not found (another user's id looks the same). */
export function batchOutcome(ids: readonly number[], done: Set<number>, lang: Language): BatchResult {
  const unique = [...new Set(ids)];
  return {
    succeededIds: unique.filter((id) => done.has(id)),
    failed: unique
      .filter((id) => !done.has(id))
      .map((id) => ({
        id,
        resultCode: ResultCode.NotFound,
        message: resultCodeMessages[lang][ResultCode.NotFound],
      })),
  };
}
