import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { steamTradeIntents } from '../../db/schema.ts';
import { anyText } from '../../db/sql-fragments.ts';

/** The done intents of the account's offers among `offerIds`: each offer's partner and what its send asked for. */
async function ownIntents(tx: Db, userId: string, accountId: number, offerIds: readonly string[]) {
  if (offerIds.length === 0) return [];
  return tx
    .select({
      offerId: steamTradeIntents.offerId,
      partner: steamTradeIntents.partnerSteamId,
      request: steamTradeIntents.request,
    })
    .from(steamTradeIntents)
    .where(
      and(
        eq(steamTradeIntents.userId, userId),
        eq(steamTradeIntents.accountId, accountId),
        eq(steamTradeIntents.status, 'done'),
        anyText(steamTradeIntents.offerId, offerIds),
      ),
    );
}

/**
 * The partner of each offer among `offerIds` that the account sent through Tradedeck (null for an accepted
 * offer, whose partner the intent does not keep). An offer missing from the map is not ours.
 */
export async function offerPartners(
  tx: Db,
  userId: string,
  accountId: number,
  offerIds: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await ownIntents(tx, userId, accountId, offerIds);
  return new Map(rows.map((row) => [row.offerId!, row.partner]));
}

/** One asset an intent's send gives away, as its request keeps it. */
export interface GivenAsset {
  appId: number;
  contextId: string;
  assetId: string;
  amount: number;
}

/**
 * The assets each offer among `offerIds` gives away, from the done intent the account sent it under (its request
 * keeps them). An accepted offer's intent names no assets: it answers an empty list.
 */
export async function offerGivenAssets(
  tx: Db,
  userId: string,
  accountId: number,
  offerIds: readonly string[],
): Promise<Map<string, GivenAsset[]>> {
  const rows = await ownIntents(tx, userId, accountId, offerIds);
  return new Map(
    rows.map((row) => {
      const request = row.request as {
        itemsToGive?: (Omit<GivenAsset, 'amount'> & { amount?: number })[];
      } | null;
      const given = request?.itemsToGive ?? [];
      return [
        row.offerId!,
        given.map(({ appId, contextId, assetId, amount }) => ({
          appId,
          contextId,
          assetId,
          amount: amount ?? 1,
        })),
      ];
    }),
  );
}
