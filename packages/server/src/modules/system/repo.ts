import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { systemState } from '../../db/schema.ts';

export interface StoredMaintenance {
  active: boolean;
  reason: string | null;
  estimatedCompletion: string | null;
}

const MAINTENANCE_KEY = 'maintenance';

export class SystemRepo {
  constructor(private readonly db: Db) {}

  async getMaintenance(): Promise<StoredMaintenance | null> {
    const rows = await this.db
      .select({ value: systemState.value })
      .from(systemState)
      .where(eq(systemState.key, MAINTENANCE_KEY));
    return (rows[0]?.value as StoredMaintenance | undefined) ?? null;
  }

  async setMaintenance(value: StoredMaintenance): Promise<void> {
    await this.db
      .insert(systemState)
      .values({ key: MAINTENANCE_KEY, value })
      .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: sql`now()` } });
  }
}
