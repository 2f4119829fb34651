import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { steamLoginThrottle } from '../../db/schema.ts';
import type { SlotReservation, ThrottleStore } from '../../integrations/steam/index.ts';

const proxyRow = (proxyKey: string) => `proxy:${proxyKey}`;
const accountRow = (login: string) => `account:${login.toLowerCase()}`;

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
