import { authHeaders, startBenchServer } from './_proxies-server.ts';
const server = await startBenchServer(process.env.BENCH_DATABASE_URL ?? null);
const { base, token, db } = server;
const me = await (await fetch(`${base}/api/user/info`, { headers: authHeaders(token) })).json();
const uid = me.data.id;
await db.execute(`insert into steam_accounts (user_id, login, steam_id, status, password_enc, mafile_enc, last_login_at)
 select '${uid}', 'bot_' || (1000 + g), (76561202300000000 + g)::text, (g % 5 = 0)::int, 'x', 'x', now() from generate_series(1, 20000) g`);
await db.execute('analyze');
const shapes = [{}, { sort: [{ propertyName: 'login' }] }, { searchString: 'bot_12' }, { hasProxy: true }];
for (const body of shapes) {
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) await fetch(`${base}/api/steam-accounts/query`, { method: 'POST', headers: authHeaders(token), body: JSON.stringify(body) }).then((r) => r.json());
  console.log(JSON.stringify(body), ((performance.now() - t0) / 5).toFixed(1), 'ms');
}
for (const path of ['/api/steam-accounts/counters', '/api/user/info', '/api/steam-accounts/tags']) {
const t1 = performance.now();
for (let i = 0; i < 5; i++) await fetch(`${base}${path}`, { headers: authHeaders(token) }).then((r) => r.json());
console.log(path, ((performance.now() - t1) / 5).toFixed(1), 'ms');
}
await server.stop();
