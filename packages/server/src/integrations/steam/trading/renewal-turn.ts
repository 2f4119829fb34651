/**
 * One refresh of an account's web session at a time, across every server process. Renewal is asked on every
 * refresh and Steam may then rotate the refresh token: the old one dies the moment a new one is issued
 * (node-steam-session README `renewRefreshToken`). Two processes spending the same old token at once would leave
 * one of them refused and signing in again with the password. The turn lives in the shared throttle store; the
 * holder reads the stored token inside its turn (the previous holder stored its rotation before giving the turn
 * back), refreshes, stores what Steam answered, and gives the turn back.
 */
import type { Clock } from '../clock.ts';
import type { ThrottleStore } from '../throttle-store.ts';

/** Longest a refresh may hold the turn: a process that died holding it delays the others this long at most. */
export const RENEWAL_TURN_MS = 30_000;
/** How often a waiting process looks whether the turn is free. */
export const RENEWAL_POLL_MS = 100;

export const renewalTurnKey = (steamId: string) => `renew:${steamId}`;

export async function inRenewalTurn<T>(
  store: ThrottleStore,
  clock: Clock,
  steamId: string,
  refresh: () => Promise<T>,
): Promise<T> {
  const key = renewalTurnKey(steamId);
  for (;;) {
    const turn = await store.takeTurn(key, clock.now(), RENEWAL_TURN_MS);
    if (turn.taken) {
      try {
        return await refresh();
      } finally {
        await store.moveTurn(key, turn.until, clock.now());
      }
    }
    await clock.sleep(Math.min(RENEWAL_POLL_MS, Math.max(1, turn.freeAt - clock.now())));
  }
}
