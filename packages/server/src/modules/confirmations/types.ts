import type {
  ConfirmationKind,
  Currency,
  ItemValuation,
  MobileConfirmation,
  PortfolioPriceSource,
} from '@tradedeck/sdk/domain';
import type { confirmationJobItems, confirmationJobs } from '../../db/schema.ts';

/** An account chosen for the centre, with the ids of its tags (its rules). */
export interface AccountRef {
  id: number;
  login: string;
  tagIds: number[];
}

/** A listed confirmation with what Tradedeck knows of it. */
export interface PendingConfirmation extends MobileConfirmation {
  kind: ConfirmationKind;
  ours: boolean;
  /** The partner of our own offer (its intent keeps it), else null. */
  partnerSteamId: string | null;
}

export interface RuleRow {
  tagId: number;
  tag: string;
  /** Null when the tag has no rule (the defaults apply). */
  acceptOwnOffers: boolean | null;
  acceptOwnListings: boolean | null;
}

export type JobRow = typeof confirmationJobs.$inferSelect;
export type JobItemRow = typeof confirmationJobItems.$inferSelect;
export type NewJobItem = Pick<
  typeof confirmationJobItems.$inferInsert,
  'accountId' | 'confirmationId' | 'nonce' | 'type' | 'creatorId' | 'ours'
>;

/** How our own offers' items are valued: the price source and currency the user picks (the portfolio's choice). */
export interface ItemValuing {
  source: PortfolioPriceSource;
  currency: Currency;
}

/** Unit values of items, in their order, from the chosen source (null without a price): the portfolio's, passed in. */
export type ItemPrices = (
  userId: string,
  names: readonly { game: string; marketHashName: string }[],
  valuing: ItemValuing,
) => Promise<(ItemValuation | null)[]>;
