import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { steamLoginThrottle } from '../../db/schema.ts';
import type { SlotReservation, ThrottleStore, TurnTake } from '../../integrations/steam/index.ts';

const proxyRow = (proxyKey: string) => `proxy:${proxyKey}`;
const accountRow = (login: string) => `account:${login.toLowerCase()}`;
const turnRow = (key: string) => `turn:${key}`;

/**
 * The Steam port's sign-in spacing and rests in the database, so every server process shares them. A slot is
 * taken with one atomic upsert: two callers never get the same start time.
 */
export class DbThrottleStore implements ThrottleStore {
  constructor(private readonly db: Db) {}

  async reserveSlot(proxyKey: string, now: number, minIntervalMs: number): Promise<SlotReservation> {
    const rows = await this.db
      .insert(steamLoginThrottle)
      .values({ key: proxyRow(proxyKey), nextSlotAt: now + minIntervalMs })
      .onConflictDoUpdate({
        target: steamLoginThrottle.key,
        set: {
          nextSlotAt: sql`greatest(${steamLoginThrottle.nextSlotAt}, ${now}::bigint) + ${minIntervalMs}::bigint`,
        },
      })
      .returning({ nextSlotAt: steamLoginThrottle.nextSlotAt });
    return { startAt: Number(rows[0]!.nextSlotAt) - minIntervalMs };
  }

  async takeTurn(key: string, now: number, holdMs: number): Promise<TurnTake> {
    const until = now + holdMs;
    // The update applies only when the turn is free, so a row comes back only to the caller that took it.
    const taken = await this.db
      .insert(steamLoginThrottle)
      .values({ key: turnRow(key), nextSlotAt: until })
      .onConflictDoUpdate({
        target: steamLoginThrottle.key,
        set: { nextSlotAt: until },
        setWhere: sql`${steamLoginThrottle.nextSlotAt} <= ${now}::bigint`,
      })
      .returning({ nextSlotAt: steamLoginThrottle.nextSlotAt });
    if (taken.length === 1) return { taken: true, until };
    const [held] = await this.db
      .select({ until: steamLoginThrottle.nextSlotAt })
      .from(steamLoginThrottle)
      .where(eq(steamLoginThrottle.key, turnRow(key)));
    return { taken: false, freeAt: Math.max(now, Number(held?.until ?? now)) };
  }

  async moveTurn(key: string, until: number, to: number): Promise<void> {
    await this.db
      .update(steamLoginThrottle)
      .set({ nextSlotAt: to })
      .where(and(eq(steamLoginThrottle.key, turnRow(key)), eq(steamLoginThrottle.nextSlotAt, until)));
  }

  coolDownProxy(proxyKey: string, until: number): Promise<void> {
    return this.coolDown(proxyRow(proxyKey), until);
  }

  proxyCoolDownUntil(proxyKey: string, now: number): Promise<number | null> {
    return this.coolDownUntil(proxyRow(proxyKey), now);
  }

  coolDownAccount(login: string, until: number): Promise<void> {
    return this.coolDown(accountRow(login), until);
  }

  accountCoolDownUntil(login: string, now: number): Promise<number | null> {
    return this.coolDownUntil(accountRow(login), now);
  }

  private async coolDown(key: string, until: number): Promise<void> {
    await this.db
      .insert(steamLoginThrottle)
      .values({ key, coolDownUntil: until })
      .onConflictDoUpdate({
        target: steamLoginThrottle.key,
        set: { coolDownUntil: sql`greatest(${steamLoginThrottle.coolDownUntil}, ${until}::bigint)` },
      });
  }

  private async coolDownUntil(key: string, now: number): Promise<number | null> {
    const rows = await this.db
      .select({ until: steamLoginThrottle.coolDownUntil })
      .from(steamLoginThrottle)
      .where(and(eq(steamLoginThrottle.key, key), gt(steamLoginThrottle.coolDownUntil, now)));
    return rows[0] ? Number(rows[0].until) : null;
  }
}
