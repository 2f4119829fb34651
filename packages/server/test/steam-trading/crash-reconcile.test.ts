import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  callApi as call,
  logInOnSpawned,
  sandboxServers,
  signUpOnSpawned,
  pollUntil as until,
} from '../helpers/spawned-api.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';

// A server killed (SIGKILL) after Steam made the offer and before the outcome was recorded: the next server
// finds the offer by its reference and records it; the same send asked again never makes a second offer.
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'crash@example.test';
const world = new SandboxWorld();
const [alice, bob] = world.healthyAccounts(2, 3301);

const { journal, start } = sandboxServers('tradedeck-crash-');

const login = (url: string) => logInOnSpawned(url, { email: EMAIL, password: PASSWORD });

interface Intent {
  id: number;
  status: string;
  offerId: string | null;
  needsConfirmation: boolean;
}

describe('a crash between a trade intent and its outcome', () => {
  it('is reconciled from the offer Steam made, and the same send never makes a second offer', async () => {
    // The first server answers sends slowly, so it can be killed once the offer exists.
    const first = await start({ TRADEDECK_SANDBOX_SEND_DELAY_MS: '5000' });
    let token = await signUpOnSpawned(first.server, first.url, {
      email: EMAIL,
      userName: 'crash',
      password: PASSWORD,
    });
    const added = await call<{ addedAccounts: { id: number; login: string }[] }>(
      first.url,
      'POST',
      '/api/steam-accounts',
      {
        accounts: {
          '0': addItem(alice!, { proxyData: proxyData(71) }),
          '1': addItem(bob!, { proxyData: proxyData(72) }),
        },
      },
      token,
    );
    const aliceId = added.addedAccounts.find((row) => row.login === alice!.login)!.id;
    await call(
      first.url,
      'POST',
      '/api/steam-trading/inventory-refresh',
      { accountIds: [aliceId], games: ['tf2'] },
      token,
    );
    const items = await until(async () => {
      const data = await call<{
        items: { appId: number; contextId: string; assetId: string; tradable: boolean }[];
      }>(first.url, 'POST', `/api/steam-accounts/${aliceId}/inventory/query`, { tradableOnly: true }, token);
      return data.items.length > 0 ? data.items : null;
    });
    const send = {
      partnerSteamId: bob!.steamId,
      tradeToken: world.trading.tradeToken(bob!.steamId),
      itemsToGive: [
        { appId: items[0]!.appId, contextId: items[0]!.contextId, assetId: items[0]!.assetId, amount: 1 },
      ],
      reference: 'crash-0001',
    };
    const sends = () =>
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"op":"send"'));
    const unanswered = call(first.url, 'POST', `/api/steam-accounts/${aliceId}/offers`, send, token).catch(
      (error: Error) => error,
    );
    await until(async () => sends().length === 1);
    first.server.child.kill('SIGKILL');
    expect(await unanswered).toBeInstanceOf(Error);
    await first.server.exited;

    const second = await start();
    token = await login(second.url);
    // The startup sweep reconciles the orphaned intent from Alice's sent offers.
    const reconciled = await until(async () => {
      const [intent] = await call<Intent[]>(
        second.url,
        'GET',
        `/api/steam-accounts/${aliceId}/trade-intents?reference=crash-0001`,
        undefined,
        token,
      );
      return intent?.status === 'done' ? intent : null;
    });
    expect(reconciled.offerId).toMatch(/^\d+$/);
    expect(reconciled.needsConfirmation).toBe(true);

    const again = await call<Intent>(
      second.url,
      'POST',
      `/api/steam-accounts/${aliceId}/offers`,
      send,
      token,
    );
    expect(again).toMatchObject({ id: reconciled.id, status: 'done', offerId: reconciled.offerId });
    expect(sends()).toHaveLength(1);
    const sent = await call<{ items: { id: string; reference: string | null }[] }>(
      second.url,
      'POST',
      `/api/steam-accounts/${aliceId}/offers/query`,
      { received: false },
      token,
    );
    expect(sent.items.filter((offer) => offer.reference === 'crash-0001').map((offer) => offer.id)).toEqual([
      reconciled.offerId,
    ]);
    // The reconciled offer is ours: its confirmation is given.
    const confirmed = await call<{ answered: string[] }>(
      second.url,
      'POST',
      `/api/steam-accounts/${aliceId}/confirmations`,
      { offerIds: [reconciled.offerId] },
      token,
    );
    expect(confirmed.answered).toEqual([reconciled.offerId]);
    await second.server.stop();
  }, 120_000);
});
