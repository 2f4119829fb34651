// Run by storage-fence.fault.ts in a process of its own (under the small disk's file-size limit where there is no
// tmpfs): opens the embedded database in the given directory, writes until the storage refuses, then reports as one
// JSON line what the statements after that failure did.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/database.ts';

const dataDir = process.argv[2]!;

/** The SQLSTATE of a failure (the ORM wraps the database's error as its cause). */
function codeOf(error: unknown): string | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}
const database = await openDatabase({ databaseUrl: null, dataDir });
await database.migrate();
const failures: string[] = [];
database.health.onStorageFailure((error) => failures.push(error.message.split('\n', 1)[0]!));
await database.db.execute(sql`create table probe_rows (id serial, body text)`);
process.stdout.write('ready\n');
// Waits for the test to fill the disk.
await new Promise((resolve) => process.stdin.once('data', resolve));

let firstError: { code: string | null; message: string } | null = null;
for (let i = 0; i < 2000 && !firstError; i++) {
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into probe_rows (body) select md5(random()::text) from generate_series(1, 20000)`,
      );
    });
  } catch (error) {
    firstError = { code: codeOf(error), message: String(error) };
  }
}
const after: { ok: boolean; code: string | null }[] = [];
for (let i = 0; i < 3; i++) {
  try {
    await database.db.execute(sql`insert into probe_rows (body) values ('after')`);
    after.push({ ok: true, code: null });
  } catch (error) {
    after.push({ ok: false, code: codeOf(error) });
  }
}
await database.close();
process.stdout.write(`${JSON.stringify({ firstError, failures, after })}\n`);
process.exit(0);
