import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../auth/helpers/auth-app.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createSellerTestApp,
  deliveriesOf,
  ok,
  type SellerTestApp,
  waitFor,
} from './helpers.ts';

describe('smoke', () => {
  let t: SellerTestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createSellerTestApp();
    user = await signUp(t, 'seller');
  }, 60_000);
  afterAll(() => t.close());

  it('delivers a sale', async () => {
    const accounts = t.world.healthyAccounts(1, 5101);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts);
    const [id] = await addSellerAccounts(t, user.accessToken, steamIds, accounts);
    const started = await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [id] }));
    console.log(started);
    const listed = await ok(as(t, user.accessToken, 'POST', '/api/p2p/sandbox/simulate-sales', { ids: [id], count: 1 }));
    console.log(listed);
    const done = await waitFor(async () => {
      const d = await deliveriesOf(t, user.accessToken, id!);
      console.log(JSON.stringify(d));
      return d.length > 0 && d.every((x) => x.status === 'ready') ? d : null;
    }, 40_000);
    expect(done).toHaveLength(1);
    console.log(await ok(as(t, user.accessToken, 'GET', `/api/p2p/accounts/${id}`)));
  }, 60_000);
});
