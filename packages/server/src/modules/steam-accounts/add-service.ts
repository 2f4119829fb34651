import {
  type AddAccountsResult,
  type addAccountsInputSchema,
  addErrorToWire,
  forEachLimited,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import type { OpenSecretBox } from '../../security/secret-box.ts';
import { repeatsStoredAccount, storeSignedInAccount } from './account-writer.ts';
import { type AddCandidate, orderedRows, type RowErrors, readCandidates } from './add-rows.ts';
import type { AccountsDeps } from './deps.ts';
import { type AddAttempt, type NoRoomCause, signInDistributed } from './distributed-add.ts';
import { noRoomMessage } from './messages.ts';
import { userProxyKeys } from './proxy-identity.ts';
import { resolveProxies } from './proxy-resolver.ts';
import { toAccount } from './views.ts';

export type AddInput = z.output<typeof addAccountsInputSchema>;

/** Sign-ins running at once for one add request; the port also spaces sign-ins through each proxy. */
const ADD_SIGN_IN_CONCURRENCY = 8;

/**
 * Adds accounts: each row's maFile is re-read, its proxy resolved by the mode, and the account signed in to
 * Steam through that proxy; only accounts that signed in are stored. A row repeating a stored account (same
 * password and authenticator) is answered as unchanged. Failures are answered per row index with the spec's
 * reason, so the client can retry just those rows.
 */
export class AddAccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /**
   * `onSignIn` hears of every sign-in as it ends (an add job announces its progress with it). `addedBefore` names
   * the logins (lower case) an earlier run of the same add job stored: they answer as added, as they would have
   * without the interruption, not as unchanged.
   */
  async add(
    userId: string,
    input: AddInput,
    lang: Language,
    onSignIn?: (login: string, added: boolean) => Promise<void>,
    addedBefore: ReadonlySet<string> = new Set(),
  ): Promise<AddAccountsResult> {
    const errors: RowErrors = new Map();
    const rows = orderedRows(input.accounts);
    let candidates = readCandidates(rows, errors);

    const existing = await this.deps.repo.run(userId, (q) =>
      q.existingLogins(candidates.map((c) => c.login)),
    );
    const box = await this.deps.secrets.openFor(userId);
    const unchanged: string[] = [];
    const resumedIds: number[] = [];
    candidates = candidates.filter((c) => {
      const stored = existing.get(c.login.toLowerCase());
      if (!stored) return true;
      // The same account again (a rerun of an import cut short) is success without a new sign-in.
      if (!repeatsStoredAccount(userId, c, stored, box)) errors.set(c.index, 'alreadyAdded');
      else if (addedBefore.has(c.login.toLowerCase())) resumedIds.push(stored.id);
      else unchanged.push(c.index);
      return false;
    });

    const keys = userProxyKeys(box, userId);
    const attempt = async (candidate: AddCandidate) => {
      const result = await this.signInAndStore(userId, candidate, box);
      await onSignIn?.(candidate.login, 'addedId' in result);
      return result;
    };
    let addedIds: number[] = [];
    let noRoom: NoRoomCause | null = null;
    if (input.mode === 'distribute' && input.distribute) {
      ({ addedIds, noRoom } = await signInDistributed(
        this.deps,
        keys,
        userId,
        input.distribute,
        candidates,
        errors,
        ADD_SIGN_IN_CONCURRENCY,
        attempt,
      ));
    } else {
      const ready = await resolveProxies(this.deps, keys, userId, candidates, errors);
      await forEachLimited(ready, ADD_SIGN_IN_CONCURRENCY, async (candidate) => {
        const result = await attempt(candidate);
        if ('addedId' in result) addedIds.push(result.addedId);
        else errors.set(candidate.index, result.reason);
      });
    }

    const views = await this.deps.repo.run(userId, (q) => q.views([...resumedIds, ...addedIds]));
    const result: AddAccountsResult = { addedAccounts: views.map(toAccount), unchanged, errors: {} };
    for (const [index] of rows) {
      const reason = errors.get(index);
      if (!reason) continue;
      const wire = addErrorToWire(reason, lang);
      // "No proxy" of a distribute add names its cause: rests with their end, the cap, or an empty tag.
      if (reason === 'noProxy' && noRoom)
        wire.message = noRoomMessage(noRoom, new Date(this.deps.now()))[lang];
      result.errors[index] = wire;
    }
    return result;
  }

  private async signInAndStore(
    userId: string,
    candidate: AddCandidate,
    box: OpenSecretBox,
  ): Promise<AddAttempt> {
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
      return { reason: 'unknownError' };
    }
    if (!outcome.ok) {
      if (outcome.outcome.retry !== 'coolDownProxy') return { reason: outcome.outcome.reason };
      return {
        reason: outcome.outcome.reason,
        proxyRest: outcome.answeredFromRest ? 'alreadyRunning' : 'metBySteam',
      };
    }
    // A file of another account signs in as that account only with its own secrets; a SteamID that differs
    // from the one Steam answers means the file does not belong to this login.
    if (candidate.mafile.steamId && candidate.mafile.steamId !== outcome.steamId) {
      return { reason: 'invalidMafile' };
    }
    const id = await storeSignedInAccount(this.deps, userId, candidate, outcome, box);
    return id === null ? { reason: 'alreadyAdded' } : { addedId: id };
  }
}
