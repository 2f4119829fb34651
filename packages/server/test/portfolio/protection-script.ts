import type { SandboxWorld } from '../../src/integrations/steam/index.ts';
import type { SandboxAccount } from '../../src/integrations/steam/sandbox/sandbox-world.ts';
import type { SandboxAsset } from '../../src/integrations/steam/sandbox/trading/sandbox-inventories.ts';

const DAY = 86_400_000;
const PROTECTION = 7 * DAY;

/** The receiver's items in CS2's protected context, by asset id. */
function protectedOf(world: SandboxWorld, steamId: string, now: number): Map<string, SandboxAsset> {
  return world.trading.inventories.context(steamId, 730, '16', now);
}

/**
 * A scripted Trade Protection world for the portfolio: four CS2 items given by `from` to `to`, one whose hold
 * ends `firstEndsInMs` from now, one `secondEndsInMs` from now (both during the run), one held for the whole run,
 * and one the giver takes back (`reverse`), as a reversal within the protection window does.
 */
export function scriptProtection(
  world: SandboxWorld,
  from: SandboxAccount,
  to: SandboxAccount,
  now: number,
  { firstEndsInMs, secondEndsInMs }: { firstEndsInMs: number; secondEndsInMs: number },
) {
  const given = [...world.trading.inventories.context(from.steamId, 730, '2', now).values()].slice(0, 4);
  if (given.length < 4) throw new Error('the giver needs four CS2 items');
  const receivedAt = [now - PROTECTION + firstEndsInMs, now - PROTECTION + secondEndsInMs, now, now - DAY];
  const landed: SandboxAsset[] = [];
  given.forEach((asset, i) => {
    const before = new Set(protectedOf(world, to.steamId, now).keys());
    world.moveAsset(from.steamId, to.steamId, asset, receivedAt[i]!);
    landed.push([...protectedOf(world, to.steamId, now).values()].find((item) => !before.has(item.assetId))!);
  });
  const [endingFirst, endingSecond, heldThroughout, reversed] = landed as [
    SandboxAsset,
    SandboxAsset,
    SandboxAsset,
    SandboxAsset,
  ];
  return {
    endingFirst,
    endingSecond,
    heldThroughout,
    reversed,
    /** The giver takes the reversed item back out of the receiver's protected context. */
    reverse(at: number): void {
      world.moveAsset(to.steamId, from.steamId, reversed, at);
    },
  };
}
