import { ResultCode, STEP_UP_WINDOW_MINUTES } from '@tradedeck/sdk/contract';
import { type GuardCodeResult, parseMafileText } from '@tradedeck/sdk/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { Limit } from '../../security/rate-limiter.ts';
import { type AccountsDeps, accountSlot } from './deps.ts';
import type { AccountEditService } from './edit-service.ts';
import { ACCOUNT_NOT_FOUND, NO_SHARED_SECRET } from './messages.ts';
import { userProxyKeys } from './proxy-identity.ts';
import { openStoredProxy } from './proxy-resolver.ts';
import type { StoredSecrets } from './repo.ts';

/** Guard codes a user may read per minute, across all their accounts (docs/steam-accounts.md). */
const GUARD_CODE_LIMIT: Limit = { max: 30, windowMs: 60_000 };
/** Guard codes per minute of one account (a code lives 30 s): copying all day fits, harvesting one does not. */
const GUARD_CODE_ACCOUNT_LIMIT: Limit = { max: 10, windowMs: 60_000 };
/**
 * Accounts whose codes a user reads within one step-up window without a second factor; codes of more accounts
 * (codes in bulk: enough to sign in to every account elsewhere) need the step-up (docs/security.md, "Step-up").
 */
export const FEW_GUARD_CODE_ACCOUNTS: Limit = { max: 5, windowMs: STEP_UP_WINDOW_MINUTES * 60_000 };

/** Counts the reveals of one account's codes in the step-up window: an account read once may be read again. */
const seenKey = (userId: string, accountId: number) => `steam-guard-code-seen:${userId}:${accountId}`;

/**
 * The current Steam Guard code of an account. The code is computed from Steam's clock as seen through the
 * account's proxy (the local clock when the account has no proxy or the proxy does not answer: the code is
 * computed locally, nothing is sent to Steam). Each call is rate-limited per user and per account and logged
 * without the code. Codes of a few accounts need no step-up (traders copy codes all day); codes in bulk do.
 */
export class GuardCodeService {
  constructor(
    private readonly deps: AccountsDeps,
    private readonly edit: AccountEditService,
  ) {}

  /**
   * The `fewGuardCodes` waiver: whether this code keeps the user within a few accounts' codes in the window. Each
   * call counts (atomically, so parallel calls cannot all slip under the limit); an account already read in the
   * window counts no further. An account that does not exist reveals nothing: the call answers "not found".
   */
  async fewCodes(
    userId: string,
    account: { id: number } | { login: string },
    request: FastifyRequest,
  ): Promise<boolean> {
    const few = await this.countFew(userId, account);
    this.waived.set(request, few);
    return few;
  }

  /** Which requests the waiver let through without the step-up: the others are reveals in bulk. */
  private readonly waived = new WeakMap<FastifyRequest, boolean>();

  private async countFew(userId: string, account: { id: number } | { login: string }): Promise<boolean> {
    const id =
      'id' in account
        ? account.id
        : await this.deps.repo.run(
            userId,
            async (q) => (await q.existingLogins([account.login])).get(account.login.toLowerCase())?.id,
          );
    if (id === undefined) return true;
    const windowMs = FEW_GUARD_CODE_ACCOUNTS.windowMs;
    // Only a code actually revealed marks its account read (codeOf): a refused call must not make the next free.
    if ((await this.deps.limiter.peek(seenKey(userId, id), windowMs)) > 0) return true;
    const accounts = await this.deps.limiter.count(`steam-guard-code-accounts:${userId}`, windowMs);
    return accounts <= FEW_GUARD_CODE_ACCOUNTS.max;
  }

  async guardCode(userId: string, id: number, request: FastifyRequest): Promise<GuardCodeResult> {
    await this.deps.limiter.consume(`steam-guard-code:${userId}`, GUARD_CODE_LIMIT);
    return this.codeOf(userId, await this.edit.requireOwned(userId, id), request);
  }

  /** The same for the user's account with this login (any case): the command line asks by login. */
  async guardCodeByLogin(userId: string, login: string, request: FastifyRequest): Promise<GuardCodeResult> {
    await this.deps.limiter.consume(`steam-guard-code:${userId}`, GUARD_CODE_LIMIT);
    const account = await this.deps.repo.run(userId, async (q) => {
      const found = (await q.existingLogins([login])).get(login.toLowerCase());
      return found ? q.secrets(found.id) : null;
    });
    if (!account) throw new AppError({ code: ResultCode.NotFound, text: ACCOUNT_NOT_FOUND });
    return this.codeOf(userId, account, request);
  }

  private async codeOf(
    userId: string,
    account: StoredSecrets,
    request: FastifyRequest,
  ): Promise<GuardCodeResult> {
    const id = account.id;
    await this.deps.limiter.consume(`steam-guard-code:${userId}:${id}`, GUARD_CODE_ACCOUNT_LIMIT);
    const text = await this.deps.secrets.decrypt(accountSlot(userId, id, 'mafile_enc'), account.mafileEnc);
    const read = parseMafileText(text, { tryExtractProxy: false });
    if (!read.ok) throw new AppError({ code: ResultCode.InvalidState, text: NO_SHARED_SECRET });

    const clockSeconds = this.deps.steamClock.now() / 1000;
    let nowSeconds = Math.floor(clockSeconds);
    if (account.proxyId !== null) {
      const [stored] = await this.deps.repo.run(userId, (q) => q.proxies.byIds([account.proxyId!]));
      if (stored) {
        const keys = userProxyKeys(await this.deps.secrets.openFor(userId), userId);
        const time = await this.deps.steam.steamTime(openStoredProxy(keys, stored));
        if (time.ok) nowSeconds = Math.floor(clockSeconds + time.offsetSeconds);
      }
    }
    const code = await this.deps.steam.guardCode(read.mafile.sharedSecret, nowSeconds);
    await this.deps.limiter.count(seenKey(userId, id), FEW_GUARD_CODE_ACCOUNTS.windowMs);
    await this.deps.audit({
      event: 'steamAccount.guardCode',
      userId,
      sessionId: request.auth?.sessionId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      // `bulk`: past the few accounts' waiver, behind a fresh second factor (codes enough for every account).
      details: { accountId: id, login: account.login, bulk: this.waived.get(request) === false },
    });
    return code;
  }
}
