/**
 * Sandbox trading: checks the web session like Steam (a sandbox access token of this account, unexpired and
 * not revoked), applies the account's failure case, and runs the call against the sandbox trade book.
 */
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { MobileConfirmation } from '@tradedeck/sdk/domain';
import type { Clock } from '../../clock.ts';
import type { TradeHistoryInput } from '../../trade-history-port.ts';
import { tradeFailure } from '../../trading/trade-failure.ts';
import type {
  ConfirmationIdentity,
  InventoryPageInput,
  ListOffersInput,
  SendOfferInput,
  SteamTradingAdapter,
  TradeFailure,
  TradeResult,
  WebAuth,
} from '../../trading-port.ts';
import { verifySandboxAccessToken } from '../sandbox-tokens.ts';
import type { SandboxAccount, SandboxWorld } from '../sandbox-world.ts';

export class SandboxSteamTrading implements SteamTradingAdapter {
  constructor(
    private readonly world: SandboxWorld,
    private readonly clock: Clock,
    private readonly steamSeconds: () => number,
  ) {}

  private get book() {
    return this.world.trading;
  }

  async inventoryPage(auth: WebAuth, input: InventoryPageInput) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    if (this.world.inventoryDelayMs > 0) await this.clock.sleep(this.world.inventoryDelayMs);
    return this.book.inventoryPage(
      auth.steamId,
      input.ownerSteamId,
      input.appId,
      input.contextId,
      input.count,
      input.startAssetId ?? null,
      this.clock.now(),
    );
  }

  async tradeHold(auth: WebAuth, partnerSteamId: string, tradeToken: string | null) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    return this.book.hold(account, partnerSteamId, tradeToken);
  }

  async sendOffer(auth: WebAuth, input: SendOfferInput & { message: string }) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    const now = this.clock.now();
    const sent = this.world.change(() => {
      this.world.record({ op: 'send', steamId: account.steamId, input, now });
      return this.book.send(account, input, now);
    });
    if (this.world.sendAnswerDelayMs > 0) await this.clock.sleep(this.world.sendAnswerDelayMs);
    return sent;
  }

  async getOffer(auth: WebAuth, offerId: string) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    return this.book.get(account.steamId, offerId, this.clock.now());
  }

  async listOffers(auth: WebAuth, input: ListOffersInput) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    return this.book.list(account.steamId, input, this.clock.now());
  }

  async acceptOffer(auth: WebAuth, offerId: string) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    const now = this.clock.now();
    const answer = this.world.change(() => {
      this.world.record({ op: 'accept', steamId: account.steamId, offerId, now });
      return this.book.accept(account, offerId, now);
    });
    return answer;
  }

  async declineOffer(auth: WebAuth, offerId: string) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    const now = this.clock.now();
    const answer = this.world.change(() => {
      this.world.record({ op: 'decline', steamId: account.steamId, offerId, now });
      return this.book.decline(account.steamId, offerId, now);
    });
    return answer;
  }

  async cancelOffer(auth: WebAuth, offerId: string) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    const now = this.clock.now();
    const answer = this.world.change(() => {
      this.world.record({ op: 'cancel', steamId: account.steamId, offerId, now });
      return this.book.cancel(account.steamId, offerId, now);
    });
    return answer;
  }

  async listConfirmations(
    auth: WebAuth,
    identity: ConfirmationIdentity,
  ): Promise<TradeResult<{ confirmations: MobileConfirmation[] }>> {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    // A wrong identity secret gets Steam's "invalid Steam Guard codes" refusal, never someone's list.
    if (identity.identitySecret !== account.identitySecret) return tradeFailure('accessDenied');
    return { ok: true, confirmations: this.book.confirmations(account.steamId, this.clock.now()) };
  }

  async respondToConfirmations(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    _time: number,
    confirmations: MobileConfirmation[],
    accept: boolean,
  ) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    if (identity.identitySecret !== account.identitySecret) return tradeFailure('accessDenied');
    const ids = confirmations.map((item) => item.id);
    const now = this.clock.now();
    const answer = this.world.change(() => {
      this.world.record({ op: 'respond', steamId: account.steamId, ids, accept, now });
      return this.book.respond(account, ids, accept, now);
    });
    // A slow (or lost) reply: the answer is given on Steam's side before the caller hears of it.
    if (this.world.confirmAnswerDelayMs > 0) await this.clock.sleep(this.world.confirmAnswerDelayMs);
    return answer;
  }

  respondToConfirmation(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    time: number,
    confirmation: MobileConfirmation,
    accept: boolean,
  ) {
    return this.respondToConfirmations(auth, identity, time, [confirmation], accept);
  }

  async acknowledgeTradeProtection(auth: WebAuth) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    this.world.change(() => {
      this.world.record({ op: 'ack', steamId: account.steamId });
      this.book.acknowledge(account.steamId);
    });
    return { ok: true as const };
  }

  async ownTradeToken(auth: WebAuth) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    const token = this.book.tradeToken(account.steamId);
    return token ? { ok: true as const, token } : tradeFailure('accessDenied');
  }

  async tradeHistory(auth: WebAuth, input: TradeHistoryInput) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    return this.book.history.history(account.steamId, input);
  }

  async tradeStatus(auth: WebAuth, tradeId: string) {
    const account = this.signedIn(auth);
    if ('ok' in account) return account;
    return this.book.history.status(account.steamId, tradeId);
  }

  /** The account behind a web session, or the failure Steam would answer. */
  private signedIn(auth: WebAuth): SandboxAccount | TradeFailure {
    const claims = verifySandboxAccessToken(this.world.seed, auth.accessToken, this.steamSeconds());
    if (!claims || claims.sub !== auth.steamId || this.world.isRevoked(claims.sub, claims.iat)) {
      return tradeFailure('sessionExpired', { httpStatus: HttpStatus.Unauthorized });
    }
    const account = this.world.findBySteamId(claims.sub);
    if (!account) return tradeFailure('sessionExpired', { httpStatus: HttpStatus.Unauthorized });
    if (account.trading === 'rateLimited')
      return tradeFailure('rateLimited', { httpStatus: HttpStatus.TooManyRequests });
    return account;
  }
}
