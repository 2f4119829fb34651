import type { contract } from '@tradedeck/sdk/contract';
import type { StepUpWaivers } from '../../http/implement.ts';
import type { TradingDeps } from './deps.ts';
import { offerPartners } from './partners-repo.ts';
import type { TradeSessions } from './sessions.ts';

/**
 * The `ownAccounts` waiver of the trading operations (docs/security.md, "Step-up"): items that go only to the
 * user's own Steam accounts need no second factor, items to anyone else need the `withdrawal` step-up. Whatever
 * cannot be shown to stay with the user (an unknown partner, a Steam read that failed) asks for it.
 */
export function tradingStepUpWaivers(
  deps: TradingDeps,
  sessions: TradeSessions,
): StepUpWaivers<typeof contract.steamTrading> {
  const allOwn = async (userId: string, partners: readonly (string | null)[]) => {
    if (partners.length === 0 || partners.some((partner) => partner === null)) return false;
    const own = await deps.accounts.ownSteamIds(userId, partners as string[]);
    return partners.every((partner) => own.has(partner!));
  };
  return {
    sendOffer: (input, ctx) => allOwn(ctx.user.userId, [input.partnerSteamId]),
    async acceptOffer(input, ctx) {
      // The offer as Steam has it: what it takes from us and who sent it (an offer cannot change once sent).
      const read = await sessions
        .run(ctx.user.userId, input.id, (s) => s.getOffer(input.offerId))
        .catch(() => null);
      if (!read?.ok) return false;
      if (read.offer.itemsToGive.length === 0) return true;
      return allOwn(ctx.user.userId, [read.offer.partnerSteamId]);
    },
    async confirmOffers(input, ctx) {
      const userId = ctx.user.userId;
      const wanted = [...new Set(input.offerIds)];
      const partners = await deps.repo.run(userId, (_q, tx) => offerPartners(tx, userId, input.id, wanted));
      return allOwn(
        userId,
        wanted.map((offerId) => partners.get(offerId) ?? null),
      );
    },
  };
}
