import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { sandboxPaymentPassword } from '../../src/integrations/market/sandbox/sandbox-market-keys.ts';
import { stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createSellerTestApp,
  deliveriesOf,
  ok,
  type SellerTestApp,
  waitFor,
} from '../seller/helpers.ts';

// Every log line of the trading half that concerns an intent carries its reference (`intentRef`, or `intentRefs`
// for a line about several), the value the outside side knows it by: a sandbox sale delivered through the seller
// loop (the delivery and its trade offer share the `[td:<reference>]`), and a money send between the two accounts
// (its TM `custom_id`). The log is captured as the server writes it (JSON lines).
type Line = Record<string, unknown> & { msg: string };

let t: SellerTestApp;
let user: TestUser;
const lines: string[] = [];
const logged = (): Line[] => lines.map((line) => JSON.parse(line) as Line);

beforeAll(async () => {
  t = await createSellerTestApp(undefined, lines);
  user = await signedInUser(t, 'intentlog');
}, 60_000);
afterAll(() => t?.close());

/** Lines that name the intent's own ids or mention its reference anywhere: each must carry the reference field. */
function concerning(ids: Record<string, unknown>, reference: string): Line[] {
  return logged().filter(
    (line) =>
      Object.entries(ids).some(([field, value]) => value !== null && line[field] === value) ||
      JSON.stringify(line).includes(reference),
  );
}
const carries = (line: Line, reference: string) =>
  line.intentRef === reference || (Array.isArray(line.intentRefs) && line.intentRefs.includes(reference));

describe('the intent reference in trading log lines', () => {
  it('is on every line about a delivery, its trade offer, and a money send', async () => {
    const accounts = t.world.healthyAccounts(2, 5811);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 60);
    const ids = await addSellerAccounts(t, user, steamIds, accounts);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [ids[0]] }));
    await waitFor(async () => {
      const page = await ok<{ items: { id: number; platforms: { status: string }[] }[] }>(
        as(t, user.accessToken, 'POST', '/api/p2p/accounts/query', {}),
      );
      return page.items.find((row) => row.id === ids[0])?.platforms[0]?.status === 'online';
    }, 60_000);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/sandbox/simulate-sales', { ids: [ids[0]], count: 1 }));
    const [delivery] = await waitFor(async () => {
      const found = await deliveriesOf(t, user.accessToken, ids[0]!);
      return found.length === 1 && found[0]!.status === 'ready' ? found : null;
    }, 90_000);

    const deliveryLines = concerning(
      { deliveryId: delivery!.id, offerId: delivery!.offerId },
      delivery!.reference,
    );
    expect(deliveryLines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'delivery intent written',
        'trade intent written',
        'trade intent finished',
        'delivery step recorded',
      ]),
    );
    for (const line of deliveryLines)
      expect(carries(line, delivery!.reference), JSON.stringify(line)).toBe(true);
    expect(
      deliveryLines.filter((line) => line.msg === 'delivery step recorded').map((line) => line.status),
    ).toContain('ready');

    // The sandbox market keeps each account's own payment password.
    const paymentPassword = sandboxPaymentPassword(accounts[0]!.login, t.world.seed);
    const send = (key: string) =>
      t.call('POST', '/api/transfer', {
        token: user.accessToken,
        idempotencyKey: key,
        body: {
          fromId: ids[0],
          toId: ids[1],
          amount: { currency: 'USD', amount: 150 },
          apiKey: sandboxMarketKey(accounts[1]!.login),
          paymentPassword,
        },
      });
    // A session that passed the second factor for the seller accounts a moment ago still has it; else it does now.
    let answer = await send('intent-log-transfer-1');
    if (answer.statusCode === 403) {
      await stepUp(t, user);
      answer = await send('intent-log-transfer-2');
    }
    const sent = await ok<{ id: number; outcome: string; customId: string }>(Promise.resolve(answer));
    expect(sent.outcome, JSON.stringify(sent)).toBe('sent');
    const transferLines = concerning({ transferId: sent.id }, sent.customId);
    expect(transferLines.map((line) => line.msg)).toEqual(['transfer intent written', 'transfer settled']);
    for (const line of transferLines) {
      expect(line).toMatchObject({ intentKind: 'transfer', intentRef: sent.customId });
      // The reference is an identifier: no secret of the send rides along.
      expect(JSON.stringify(line)).not.toContain(paymentPassword);
      expect(JSON.stringify(line)).not.toContain(sandboxMarketKey(accounts[1]!.login));
    }
  }, 180_000);
});
