import { sql } from 'drizzle-orm';
import { type LoggerOptions, pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
}, 180_000);
afterAll(() => testDb.drop());

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-number';

describe('database errors in the log', () => {
  it('keep the statement and the reason but never the query parameters or row values', async () => {
    const lines: string[] = [];
    const log = pino(loggerOptions('info') as LoggerOptions, {
      write: (line: string) => void lines.push(line),
    });
    const failed = await testDb.database.db.execute(sql`select ${SECRET}::int as n`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    // The ORM's own message carries the parameters: that is what must not reach the log.
    expect(String((failed as Error).message)).toContain(SECRET);
    log.error({ err: failed }, 'request failed');
    log.error(failed as Error);

    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('not-a-number');
      expect(line).not.toContain('argon2');
      const entry = JSON.parse(line) as { err: { message: string; reason?: string } };
      expect(entry.err.message).toMatch(/^Failed query: select \$1::int as n/);
      expect(entry.err.reason).toBe('invalid input syntax for type integer (SQLSTATE 22P02)');
    }
  });
});
