import { type AddAccountsResult, type addAccountsInputSchema, addErrorToWire } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import type { OpenSecretBox } from '../../security/secret-box.ts';
import { storeSignedInAccount } from './account-writer.ts';
import {
  type AddCandidate,
  forEachLimited,
  orderedRows,
  type RowErrors,
  readCandidates,
} from './add-rows.ts';
import type { AccountsDeps } from './deps.ts';
import { userProxyKeys } from './proxy-identity.ts';
import { resolveProxies } from './proxy-resolver.ts';
import { toAccount } from './views.ts';

export type AddInput = z.output<typeof addAccountsInputSchema>;

/** Sign-ins running at once for one add request; the port also spaces sign-ins through each proxy. */
export const ADD_SIGN_IN_CONCURRENCY = 8;

/**
 * Adds accounts: each row's maFile is re-read, its proxy resolved by the mode, and the account signed in to
 * Steam through that proxy; only accounts that signed in are stored. Failures are answered per row index with
 * the spec's reason, so the client can retry just those rows.
 */
export class AddAccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  async add(userId: string, input: AddInput, lang: Language): Promise<AddAccountsResult> {
    const errors: RowErrors = new Map();
    const rows = orderedRows(input.accounts);
    let candidates = readCandidates(rows, errors);

    const existing = await this.deps.repo.run(userId, (q) =>
      q.existingLogins(candidates.map((c) => c.login)),
    );
    candidates = candidates.filter((c) => {
      if (!existing.has(c.login.toLowerCase())) return true;
      errors.set(c.index, 'alreadyAdded');
      return false;
    });

    const box = await this.deps.secrets.openFor(userId);
    const keys = userProxyKeys(box, userId);
    const ready = await resolveProxies(
      this.deps,
      keys,
      userId,
      input.mode,
      input.distribute,
      candidates,
      errors,
    );
    const addedIds: number[] = [];
    await forEachLimited(ready, ADD_SIGN_IN_CONCURRENCY, async (candidate) => {
      const id = await this.signInAndStore(userId, candidate, errors, box);
      if (id !== null) addedIds.push(id);
    });

    const views = await this.deps.repo.run(userId, (q) => q.views(addedIds));
    const result: AddAccountsResult = { addedAccounts: views.map(toAccount), errors: {} };
    for (const [index] of rows) {
      const reason = errors.get(index);
      if (reason) result.errors[index] = addErrorToWire(reason, lang);
    }
    return result;
  }

  private async signInAndStore(
    userId: string,
    candidate: AddCandidate,
    errors: RowErrors,
    box: OpenSecretBox,
  ): Promise<number | null> {
    let outcome: Awaited<ReturnType<AccountsDeps['steam']['signIn']>>;
    try {
      outcome = await this.deps.steam.signIn({
        login: candidate.login,
        password: candidate.password,
        sharedSecret: candidate.mafile.sharedSecret,
        proxy: candidate.proxy?.steam ?? null,
        existingRefreshToken: candidate.mafile.session?.refreshToken ?? null,
      });
    } catch (error) {
      this.deps.log.error({ err: error, login: candidate.login }, 'Steam sign-in crashed');
      errors.set(candidate.index, 'unknownError');
      return null;
    }
    if (!outcome.ok) {
      errors.set(candidate.index, outcome.outcome.reason);
      return null;
    }
    // A file of another account signs in as that account only with its own secrets; a SteamID that differs
    // from the one Steam answers means the file does not belong to this login.
    if (candidate.mafile.steamId && candidate.mafile.steamId !== outcome.steamId) {
      errors.set(candidate.index, 'invalidMafile');
      return null;
    }
    const id = await storeSignedInAccount(this.deps, userId, candidate, outcome, box);
    if (id === null) errors.set(candidate.index, 'alreadyAdded');
    return id;
  }
}
