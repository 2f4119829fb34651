import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../src/db/database.ts';

describe('the first start of an embedded database on disk', () => {
  it('creates and migrates the data directory in a process of its own, then opens it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tradedeck-first-start-'));
    try {
      const database = await openDatabase({ databaseUrl: null, dataDir });
      try {
        // Applied before this process ran a migration of its own: the child process did them.
        const applied = (await database.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { count: number }[] };
        const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        expect(applied.rows[0]!.count).toBe(journal.entries.length);
        await database.migrate();
        const again = (await database.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { count: number }[] };
        expect(again.rows[0]!.count).toBe(journal.entries.length);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
