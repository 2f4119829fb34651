import { SessionService } from '../../src/modules/auth/sessions.ts';
import { totpSlot } from '../../src/modules/auth/two-factor.ts';
import { hashPassword } from '../../src/security/password-hasher.ts';
import { generateTotpSecret } from '../../src/security/totp.ts';
import { type AuthTestApp, freshIp, PASSWORD, type TestUser } from '../auth/helpers/auth-app.ts';

/**
 * A signed-in user made in milliseconds: the account row (confirmed, and approved when `admin` is given or it is
 * the instance's first) and a device session, written through the auth module's own repositories and session
 * service. No registration, mail or argon2 per user: every user shares one real hash of `PASSWORD`, made once per
 * worker, so `logIn` with the password still works. Same shape and outcome as `signUp` (an approving admin
 * without the authenticator app gets it, as `signUp` gives it one), for every test that is not about
 * registration, sign-in or passwords; those keep `signUp` and its real flow (docs/testing.md).
 */
export async function signedInUser(t: AuthTestApp, name: string, admin?: TestUser): Promise<TestUser> {
  const { deps } = t.app.services.auth.accounts;
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  // English, as `signUp` registers through `call`'s Accept-Language: mails and stored texts follow it.
  const created = await deps.users.create({
    email,
    userName: name,
    passwordHash: await passwordHash(),
    language: 'en',
  });
  if (!created) throw new Error(`signed-in user: ${email} is taken`);
  let user = (await deps.users.confirmEmail(created.id))!;
  if (admin) {
    if (!admin.totpSecret) await turnAuthenticatorOn(t, admin);
    if (!user.approvedAt) user = (await deps.users.update(user.id, { approvedAt: new Date(deps.now()) }))!;
  }
  const session = await new SessionService(deps).start(user, { ip: freshIp(), userAgent: null });
  return {
    id: user.id,
    email,
    password: PASSWORD,
    accessToken: session.accessToken,
    cookie: `tradedeck-rt=${session.refreshToken}`,
  };
}

/** The instance's first user (its administrator) with the authenticator app on, as admin operations need. */
export async function signedInAdmin(t: AuthTestApp, name = 'admin'): Promise<TestUser> {
  const admin = await signedInUser(t, name);
  await turnAuthenticatorOn(t, admin);
  return admin;
}

let hashed: Promise<string> | null = null;
/** One real argon2id hash of the test password (today's parameters, so a sign-in does not rehash it). */
function passwordHash(): Promise<string> {
  hashed ??= hashPassword(PASSWORD);
  return hashed;
}

/**
 * Turns the authenticator app on for a user, as `enableTotp` ends: the live secret stored encrypted and the device
 * session passed it just now (stepped up). No recovery codes are made: tests that need them go through
 * `enableTotp`.
 */
async function turnAuthenticatorOn(t: AuthTestApp, user: TestUser): Promise<void> {
  const { deps } = t.app.services.auth.accounts;
  const secret = generateTotpSecret();
  await deps.users.update(user.id, {
    totpSecret: await deps.secrets.encrypt(totpSlot(user.id, 'totp_secret'), secret),
  });
  const claims = await deps.tokens.verify(user.accessToken);
  if (!claims) throw new Error(`signed-in user: the access token of ${user.email} has expired`);
  await deps.sessions.markSecondFactor(user.id, claims.sessionId, 'totp', new Date(deps.now()));
  user.totpSecret = secret;
}
