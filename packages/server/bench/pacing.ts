/**
 * Adaptive pacing at fleet scale: 1,000 accounts on 100 proxies for 10 simulated minutes, every account scanning
 * its inventory, polling confirmations, reading offers every 30 s and sending one every 30 s, all through the one
 * pacing kernel (src/pacing) against a simulated Steam that answers 429 past its real budgets (inventory 50 a
 * minute per IP by default, below the table's 60, so each proxy has something to learn). Prints, per class, the
 * requests per proxy a minute against the table's budget and the real one, and the 429s met.
 * Time is simulated (test/pacing/helpers/barrier-clock.ts): ten minutes pass in seconds, counts are exact.
 */
import { LIVE_BUDGETS, type PacingClass } from '../src/pacing/budgets.ts';
import { type CallOutcome, Pacer } from '../src/pacing/pacer.ts';
import { MemoryPacingStore } from '../src/pacing/store.ts';
import { barrierClock } from '../test/pacing/helpers/barrier-clock.ts';

const ACCOUNTS = Number(process.env.BENCH_PACING_ACCOUNTS ?? 1000);
const PROXIES = Number(process.env.BENCH_PACING_PROXIES ?? 100);
const MINUTES = Number(process.env.BENCH_PACING_MINUTES ?? 10);
/** Steam's real inventory budget per IP a minute in this run (the table assumes 60). */
const REAL_INVENTORY = Number(process.env.BENCH_PACING_REAL_INVENTORY ?? 50);
const POLL_MS = 30_000;

const START = Date.UTC(2026, 10, 1);
const END = START + MINUTES * 60_000;
const time = barrierClock(START);
const pacer = new Pacer(new MemoryPacingStore(), time.clock, LIVE_BUDGETS);

/** What the simulated Steam allows: calls per window per IP or per account, and a 429 past it. */
const REAL: Record<PacingClass, { scope: 'proxy' | 'account'; permits: number; windowMs: number } | null> = {
  login: { scope: 'proxy', permits: 1, windowMs: 10_000 },
  inventory: { scope: 'proxy', permits: REAL_INVENTORY, windowMs: 60_000 },
  'offers-send': { scope: 'account', permits: 1, windowMs: 1_000 },
  'offers-read': null,
  confirmations: { scope: 'account', permits: 1, windowMs: 10_000 },
  market: null,
  'web-api': null,
};

const recent = new Map<string, number[]>();
const served = new Map<string, number>();
const refused = new Map<string, number[]>();
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

function steam(cls: PacingClass, proxy: string, account: string): CallOutcome {
  const now = time.clock.now();
  const real = REAL[cls];
  if (real) {
    const key = `${cls}|${real.scope === 'proxy' ? proxy : account}`;
    const calls = (recent.get(key) ?? []).filter((at) => now - at < real.windowMs);
    calls.push(now);
    recent.set(key, calls);
    if (calls.length > real.permits) {
      refused.set(`${cls}|${proxy}`, [...(refused.get(`${cls}|${proxy}`) ?? []), now]);
      return { kind: 'limited', retryAfter: null, eresult: null, httpStatus: 429 };
    }
  }
  bump(served, `${cls}|${proxy}`);
  return { kind: 'ok' };
}

async function call(cls: PacingClass, proxy: string, account: string): Promise<void> {
  const ran = await pacer.run(
    cls,
    { proxy, account },
    async () => steam(cls, proxy, account),
    (outcome) => outcome,
  );
  // A call answered from a rest, or one that met the limit, waits the rest out (never a hot retry).
  const until = ran.ran ? ran.restUntil : ran.until;
  if (until !== null) await time.clock.sleep(until - time.clock.now());
}

async function loop(cls: PacingClass, proxy: string, account: string, pauseMs = 0): Promise<void> {
  while (time.clock.now() < END) {
    await call(cls, proxy, account);
    if (pauseMs > 0) await time.clock.sleep(pauseMs);
  }
}

const proxyOf = (n: number) => `10.50.${Math.floor(n / 250)}.${n % 250}:3128`;
const started = performance.now();
await Promise.all(
  Array.from({ length: ACCOUNTS }, (_, n) => {
    const proxy = proxyOf(n % PROXIES);
    const account = `7656119900000${String(n).padStart(4, '0')}`;
    return [
      time.worker(async () => {
        await call('login', proxy, account);
        await loop('inventory', proxy, account);
      }),
      time.worker(() => loop('confirmations', proxy, account)),
      time.worker(() => loop('offers-read', proxy, account, POLL_MS)),
      time.worker(() => loop('offers-send', proxy, account, POLL_MS)),
    ];
  }).flat(),
);
const seconds = (performance.now() - started) / 1000;

const print = (line: string) => process.stdout.write(`${line}\n`);
const fixed = (n: number) => n.toFixed(1).padStart(7);
print(
  `pacing: ${ACCOUNTS} accounts on ${PROXIES} proxies, ${MINUTES} simulated minutes in ${seconds.toFixed(1)} s`,
);
print(
  'class          per proxy a minute: min    mean     max | table budget | real budget | 429s (after the first per proxy)',
);
for (const cls of ['login', 'inventory', 'confirmations', 'offers-send', 'offers-read'] as PacingClass[]) {
  const perMinute = Array.from(
    { length: PROXIES },
    (_, i) => (served.get(`${cls}|${proxyOf(i)}`) ?? 0) / MINUTES,
  );
  const mean = perMinute.reduce((sum, n) => sum + n, 0) / PROXIES;
  const table = LIVE_BUDGETS[cls];
  const tableText = table.proxy
    ? `${((table.proxy.permits * 60_000) / table.proxy.windowMs).toFixed(0)}/proxy`
    : table.account
      ? `${((table.account.permits * 60_000) / table.account.windowMs).toFixed(0)}/account`
      : 'learned';
  const real = REAL[cls];
  const realText = real ? `${((real.permits * 60_000) / real.windowMs).toFixed(0)}/${real.scope}` : 'none';
  const limits = Array.from({ length: PROXIES }, (_, i) => refused.get(`${cls}|${proxyOf(i)}`)?.length ?? 0);
  const total = limits.reduce((sum, n) => sum + n, 0);
  const repeated = limits.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  print(
    `${cls.padEnd(14)}${' '.repeat(20)}${fixed(Math.min(...perMinute))} ${fixed(mean)} ${fixed(Math.max(...perMinute))} | ${tableText.padStart(12)} | ${realText.padStart(11)} | ${total} (${repeated})`,
  );
}
const lastMinute = Array.from({ length: PROXIES }, (_, i) => {
  const state = recent.get(`inventory|${proxyOf(i)}`) ?? [];
  return state.filter((at) => at > END - 60_000).length;
});
print(
  `inventory in the last simulated minute per proxy: min ${Math.min(...lastMinute)}, max ${Math.max(...lastMinute)} ` +
    `against the real ${REAL_INVENTORY} (within 20 %: ${Math.min(...lastMinute) >= 0.8 * REAL_INVENTORY ? 'yes' : 'no'})`,
);
