import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MAIL_QUEUE } from '../../src/modules/auth/index.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  freshIp,
  PASSWORD,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

/**
 * Known and unknown addresses take the same path: the request checks its limits, queues one account-mail job of
 * the same kind and answers; looking the address up and mailing happen in the job. (No timing is measured.)
 */
describe('account flows do not tell known addresses by their work', () => {
  let t: AuthTestApp;
  let known: TestUser;
  let unconfirmed: string;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signUp(t, 'admin');
    known = await signUp(t, 'known', admin);
    unconfirmed = `unconfirmed-${Date.now()}@example.test`;
    await t.call('POST', '/api/auth/register', {
      body: { email: unconfirmed, userName: 'unconfirmed', password: PASSWORD },
      ip: freshIp(),
    });
  }, 180_000);
  afterAll(() => t.close());

  /** The jobs a request queued, and what mail it sent before answering. */
  async function workOf(url: string, body: Record<string, unknown>) {
    const send = vi.spyOn(t.app.jobs, 'send');
    const mailsBefore = t.smtp.mails.length;
    try {
      const res = await t.call('POST', url, { body, ip: freshIp() });
      return {
        status: res.statusCode,
        body: res.json(),
        jobs: send.mock.calls.map(([queue, data]) => ({
          queue,
          kind: (data as { kind: string }).kind,
          keys: Object.keys(data as object).sort(),
        })),
        mailsBefore,
      };
    } finally {
      send.mockRestore();
    }
  }

  const cases: Array<[string, string, () => Record<string, unknown>, () => Record<string, unknown>]> = [
    [
      'forgot-password',
      '/api/auth/forgot-password',
      () => ({ email: known.email }),
      () => ({ email: 'nobody@example.test' }),
    ],
    [
      'resend confirmation',
      '/api/auth/resend-confirmation',
      () => ({ email: unconfirmed }),
      () => ({ email: 'nobody-else@example.test' }),
    ],
    [
      'registration',
      '/api/auth/register',
      () => ({ email: known.email, userName: 'again', password: PASSWORD }),
      () => ({ email: `new-${Date.now()}@example.test`, userName: 'newcomer', password: PASSWORD }),
    ],
  ];

  for (const [name, url, knownBody, unknownBody] of cases) {
    it(`${name}: the same answer and one job of the same kind for a known and an unknown address`, async () => {
      const forKnown = await workOf(url, knownBody());
      const forUnknown = await workOf(url, unknownBody());
      expect(forKnown.status).toBe(200);
      expect(forUnknown.status).toBe(200);
      if (name !== 'registration') expect(forKnown.body).toEqual(forUnknown.body);
      expect(forKnown.jobs).toHaveLength(1);
      expect(forKnown.jobs).toEqual(forUnknown.jobs);
      expect(forKnown.jobs[0]!.queue).toBe(ACCOUNT_MAIL_QUEUE);
    });
  }

  it('still mails the known address from the job', async () => {
    const since = t.smtp.mails.length;
    await workOf('/api/auth/forgot-password', { email: known.email });
    // One reset link a minute per account: the one above may have used this minute's.
    const mail = await t.smtp
      .waitFor(known.email, { since: 0, subject: /reset/i, timeoutMs: 20_000 })
      .catch(() => null);
    expect(mail).not.toBeNull();
    expect(t.smtp.mails.slice(since).every((m) => !m.to.includes('nobody'))).toBe(true);
  });
});
