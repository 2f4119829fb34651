/**
 * The watchers of `pnpm bench harvester`, in their own process so they never take the server's event loop: N hub
 * clients (the sdk hub client over the official SignalR client) follow one session's TransactionUpdated events, as
 * the web screen and `tradedeck harvester watch` do. They sign in with the bench user's password and sign in again
 * before the access token runs out (a full-size session outlives it). Prints `ready` once every watcher is
 * subscribed, then a JSON line with the counts every second until stdin closes.
 */
import { harvesterSessionSource, hubEvents } from '@tradedeck/sdk/contract';
import { createHubClient, type HubClient, type HubNotice } from '@tradedeck/sdk/hubs';

const { base, email, password, sessionId, watchers } = JSON.parse(process.env.HARVESTER_WATCHERS!) as {
  base: string;
  email: string;
  password: string;
  sessionId: number;
  watchers: number;
};
/** A new token well before the 15-minute access token expires. */
const TOKEN_FRESH_MS = 10 * 60_000;

let token: { value: string; at: number } | null = null;
let signingIn: Promise<string> | null = null;

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ email, password }),
  });
  const envelope = (await response.json()) as { success: boolean; data: { accessToken: string } };
  if (!envelope.success) throw new Error(`sign-in answered ${response.status}`);
  token = { value: envelope.data.accessToken, at: Date.now() };
  return token.value;
}

function accessToken(): Promise<string> {
  if (token && Date.now() - token.at < TOKEN_FRESH_MS) return Promise.resolve(token.value);
  signingIn ??= signIn().finally(() => {
    signingIn = null;
  });
  return signingIn;
}

const counts = {
  delivered: 0,
  perWatcher: new Array<number>(watchers).fill(0),
  /** Payloads that did not match the event's schema (skipped by the client). */
  invalid: 0,
  notices: {} as Record<string, number>,
};
const noticed = (notice: HubNotice) => {
  counts.notices[notice.kind] = (counts.notices[notice.kind] ?? 0) + 1;
};
const clients: HubClient[] = [];
for (let i = 0; i < watchers; i++) {
  const hub = createHubClient({ baseUrl: base, hub: 'harvester-hub', accessToken, onNotice: noticed });
  await hub.start();
  await hub.subscribe(
    hubEvents.transactionUpdated,
    () => {
      counts.delivered += 1;
      counts.perWatcher[i]! += 1;
    },
    {
      sourceId: harvesterSessionSource(sessionId),
      onInvalid: () => {
        counts.invalid += 1;
      },
    },
  );
  clients.push(hub);
}
process.stdout.write('ready\n');
const report = () => process.stdout.write(`${JSON.stringify(counts)}\n`);
const timer = setInterval(report, 1000);
process.stdin.resume();
process.stdin.once('end', async () => {
  clearInterval(timer);
  report();
  await Promise.all(clients.map((hub) => hub.stop()));
  process.exit(0);
});
