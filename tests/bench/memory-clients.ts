// The client side of the memory benchmark: official SignalR clients on the proxy checker hub, subscribed to the
// proxies' status events. Prints `ready` once all are subscribed, `all received` once every expected delivery
// arrived; on SIGTERM prints the events received and the connections the server closed (a client too slow for the
// hub's limit is asked to reconnect; these do not) and exits.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../packages/server/package.json', import.meta.url));
const signalr = require('@microsoft/signalr') as typeof import('@microsoft/signalr');

const connections = Number(process.env.BENCH_CONNECTIONS);
/** Deliveries the run sends (every checked proxy to every client): `all received` is printed on reaching it. */
const expected = Number(process.env.BENCH_EXPECTED_DELIVERIES ?? 0);
let received = 0;
let closed = 0;
for (let i = 0; i < connections; i++) {
  const connection = new signalr.HubConnectionBuilder()
    .withUrl(`${process.env.BENCH_URL}/tenant/hubs/proxy-checker-hub`, {
      accessTokenFactory: () => process.env.BENCH_TOKEN!,
      transport: signalr.HttpTransportType.WebSockets,
    })
    .configureLogging(signalr.LogLevel.None)
    .build();
  connection.on('ProxyStatusUpdated', () => {
    if (++received === expected) process.stdout.write('all received\n');
  });
  connection.onclose(() => {
    closed++;
  });
  await connection.start();
  await connection.invoke('Subscribe', 'proxies');
}
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ received, closed })}\n`);
  process.exit(0);
});
