import { ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { TradingDeps } from './deps.ts';
import { tradingMessages } from './messages.ts';
import type { TradeSessions } from './sessions.ts';

/** Sandbox mode only: what a user would do on Steam itself, to watch Tradedeck react. */
export class SandboxControls {
  constructor(
    private readonly deps: TradingDeps,
    private readonly sessions: TradeSessions,
  ) {}

  /**
   * Ends the account's sessions on the simulated Steam (its tokens are refused from now on). The account's
   * status changes with the next trading call, as it would with live Steam.
   */
  async endSessions(userId: string, accountId: number) {
    const world = this.world();
    const account = await this.sessions.account(userId, accountId);
    // Revoked as of Steam's clock (the simulated Steam runs ahead of ours, as the real one may).
    const time = await this.deps.steam.steamTime(account.proxy);
    const steamNow = time.ok ? time.serverTime : this.deps.now() / 1000;
    world.revokeSessions(account.steamId!, Math.floor(steamNow));
    this.sessions.forget(accountId);
    return { id: accountId, accountStatus: account.status as 0 | 1 | 2 };
  }

  /**
   * Fixes the cause of a trading failure account on the simulated Steam (a ban lifted, confirmations showing again,
   * the escrow hold or rate limit over), as its owner would on Steam; a healthy account is unaffected.
   */
  async liftTradeCase(userId: string, accountId: number) {
    const world = this.world();
    const account = await this.sessions.account(userId, accountId);
    world.liftTradeCase(account.steamId!, this.deps.now());
    this.sessions.forget(accountId);
    return { id: accountId };
  }

  private world() {
    const world = this.deps.sandboxWorld;
    if (this.deps.steam.mode !== 'sandbox' || !world) {
      throw new AppError({ code: ResultCode.InvalidState, text: tradingMessages.sandboxOnly });
    }
    return world;
  }
}
