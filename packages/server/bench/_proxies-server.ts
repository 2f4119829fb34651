/** A real server on loopback with one signed-in user, for the proxies benchmarks (PGlite or a Postgres URL). */
import { loadConfig } from '../src/config/config.ts';
import type { Db } from '../src/db/database.ts';
import { type RunningServer, startServer } from '../src/server.ts';

const PASSWORD = 'Quartz-Lantern-42';

export interface BenchServer {
  base: string;
  database: RunningServer['database'];
  token: string;
  /** The server's database, for seeding rows a benchmark does not measure. */
  db: Db;
  /** The running app: benchmarks tune it (hub limits, check settings) and seed through its services. */
  app: RunningServer['app'];
  stop(): Promise<void>;
}

export async function startBenchServer(databaseUrl: string | null): Promise<BenchServer> {
  const server = await startServer({
    ...loadConfig({}),
    port: 0,
    dataDir: 'memory://',
    databaseUrl,
    logLevel: 'silent',
    publicUrl: null,
    masterKey: Buffer.alloc(32, 7).toString('base64'),
  });
  const base = server.url;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `bench-${Date.now()}@example.test`;
  await post('/api/auth/register', { email, userName: `bench${Date.now()}`, password: PASSWORD });
  // The confirmation mail is written after the answer: wait for it (up to 30 s on a busy machine).
  let link: { rows: Array<{ link: string }> } = { rows: [] };
  for (let attempt = 0; attempt < 600 && link.rows.length === 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    link = (await server.database.db.execute(
      `select link from mail_outbox where recipient = '${email}' order by id desc limit 1`,
    )) as unknown as { rows: Array<{ link: string }> };
  }
  const params = new URL(link.rows[0]!.link).searchParams;
  await post('/api/auth/confirm-email', { userId: params.get('userId'), code: params.get('code') });
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  return {
    base,
    token,
    database: server.database,
    db: server.database.db,
    app: server.app,
    stop: () => server.stop(),
  };
}

/** 100,000 distinct proxy lines in the common shapes, a third with credentials. */
export function proxyLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const host = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const port = 1024 + (i % 50_000);
    switch (i % 3) {
      case 0:
        return `${host}:${port}`;
      case 1:
        return `${host}:${port}:user${i}:pass-${i}-x`;
      default:
        return `user${i}:pass-${i}-y@${host}:${port}`;
    }
  });
}

export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' };
}
