// The client side of the hub benchmark: official SignalR clients; reports one JSON line per phase. See hubs.mjs.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../packages/server/package.json', import.meta.url));
const signalr = require('@microsoft/signalr') as typeof import('@microsoft/signalr');

const url = process.env.BENCH_URL!;
const token = process.env.BENCH_TOKEN!;
const connections = Number(process.env.BENCH_CONNECTIONS);
const counts = JSON.parse(process.env.BENCH_COUNTS!) as Record<string, number>;
const now = () => performance.timeOrigin + performance.now();
const say = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);

const received: Record<string, number> = { warm: 0, single: 0, burst: 0, paced: 0 };
const latencies: number[] = [];

function onEvent(event: { payload: { phase: string; at: number } }): void {
  const { phase, at } = event.payload;
  if (phase === 'paced') latencies.push(now() - at);
  received[phase] = (received[phase] ?? 0) + 1;
  if (received[phase] !== counts[phase]! * connections) return;
  if (phase !== 'paced') {
    say({ phase, doneAt: now() });
    return;
  }
  latencies.sort((a, b) => a - b);
  const rank = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  say({ phase, p50: rank(50), p99: rank(99) });
}

for (let i = 0; i < connections; i++) {
  const connection = new signalr.HubConnectionBuilder()
    .withUrl(`${url}/tenant/hubs/proxy-checker-hub`, {
      accessTokenFactory: () => token,
      transport: signalr.HttpTransportType.WebSockets,
    })
    .configureLogging(signalr.LogLevel.None)
    .build();
  connection.on('ProxyStatusUpdated', onEvent);
  await connection.start();
  await connection.invoke('Subscribe', 'proxies');
}
say({ phase: 'ready' });
process.once('SIGTERM', () => process.exit(0));
