import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { dataOf, fixtureFiles, uploadMafiles } from './helpers.ts';

/** The upload's inputs travel in the query string; the passkey of an encrypted folder must not reach the log. */
describe('an encrypted upload in the log', () => {
  const lines: string[] = [];
  let t: AuthTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp({ logLevel: 'info' }, lines);
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'logged', admin);
  });
  afterAll(() => t.close());

  it('logs the request without its passkey', async () => {
    const passkey = 'fixture-passkey';
    const res = await uploadMafiles(t, user.accessToken, fixtureFiles('steamguard-cli/legacy'), { passkey });
    expect(dataOf(res).extractedData).toHaveLength(2);
    const logged = lines.filter((line) => line.includes('/api/steam-accounts/extract-mafiles'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((line) => line.includes('passkey=[redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes(passkey))).toEqual([]);
  });
});
