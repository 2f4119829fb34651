import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_LOG_PER_CALLER } from '../../src/modules/auth/refusal-log.ts';
import { type AuthTestApp, createAuthTestApp, freshIp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { seedProxies } from '../steam-accounts/helpers.ts';

/** Tenant 404s and 429 refusals reach the security log, a bounded number per caller and window. */
describe('refusals in the security log', () => {
  let t: AuthTestApp;
  let owner: TestUser;
  let prober: TestUser;
  let foreignId: number;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    owner = await signedInUser(t, 'owner', admin);
    prober = await signedInUser(t, 'prober', admin);
    foreignId = (await seedProxies(t, owner, 1)).ids[0]!;
  }, 180_000);
  afterAll(() => t.close());

  const rows = async (event: string) =>
    (
      (await t.testDb.database.db.execute(
        `select user_id, session_id, ip, details from security_events where event = '${event}'`,
      )) as unknown as {
        rows: Array<{
          user_id: string | null;
          session_id: string | null;
          ip: string;
          details: Record<string, unknown>;
        }>;
      }
    ).rows;

  it('writes a signed-in user’s 404 on another tenant’s object, then only a suppression row', async () => {
    for (let i = 0; i < REFUSAL_LOG_PER_CALLER + 10; i += 1) {
      const res = await t.call('GET', `/api/proxies/${foreignId}`, { token: prober.accessToken });
      expect(res.json().error.resultCode).toBe(3);
    }
    const found = (await rows('tenant_not_found')).filter((r) => r.user_id === prober.id);
    expect(found).toHaveLength(REFUSAL_LOG_PER_CALLER);
    expect(found[0]!.details).toMatchObject({ kind: 'tenant_not_found', route: 'GET /api/proxies/:id' });
    expect(found[0]!.session_id).not.toBeNull();
    const suppressed = (await rows('refusals_suppressed')).filter((r) => r.user_id === prober.id);
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0]!.details).toMatchObject({
      kind: 'tenant_not_found',
      afterRows: REFUSAL_LOG_PER_CALLER,
    });
  });

  it('writes 429 refusals of one address, bounded the same way', async () => {
    const ip = freshIp();
    let limited = 0;
    for (let i = 0; i < 25; i += 1) {
      const res = await t.call('POST', '/api/auth/forgot-password', {
        body: { email: 'x@example.test' },
        ip,
      });
      if (res.statusCode === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(REFUSAL_LOG_PER_CALLER + 1);
    const logged = (await rows('rate_limited')).filter((r) => r.ip === ip);
    expect(logged).toHaveLength(REFUSAL_LOG_PER_CALLER);
    expect(logged[0]!.details).toMatchObject({ route: 'POST /api/auth/forgot-password' });
    expect((await rows('refusals_suppressed')).filter((r) => r.ip === ip)).toHaveLength(1);
  });
});
