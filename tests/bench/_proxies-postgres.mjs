// Postgres for the proxies benchmarks: a fresh database on TEST_DATABASE_URL's server, else a throw-away cluster
// from the Debian packages, else none (the benchmark then reports PGlite only).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { startTemporaryPostgres } from './_postgres.mjs';

const requireFromServer = createRequire(new URL('../../packages/server/package.json', import.meta.url));

async function adminQuery(url, sql) {
  const pg = requireFromServer('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function withBenchPostgres(port, work) {
  const shared = process.env.TEST_DATABASE_URL?.trim();
  if (shared) {
    const name = `tradedeck_bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(shared, `CREATE DATABASE ${name}`);
    const url = new URL(shared);
    url.pathname = `/${name}`;
    try {
      return await work(url.toString());
    } finally {
      await adminQuery(shared, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  let cluster = null;
  try {
    cluster = startTemporaryPostgres(port);
  } catch (error) {
    console.log(`(no temporary Postgres: ${error.message.split('\n')[0]})`);
  }
  try {
    return await work(cluster?.url ?? null);
  } finally {
    cluster?.stop();
  }
}
