import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient, MemoryTokenStore, SessionExpiredError } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/src/security/totp.ts';
import { outboxCode, outboxLink, startCliServer } from './helpers/cli-server.ts';
import { freshConfigDir, runCli } from './run-cli.ts';

const PASSWORD = 'Quartz-Lantern-42';

let server: RunningServer;
/** The administrator's saved CLI session; admin commands work in it once the authenticator app is on. */
let bossDir = '';

async function register(email: string, userName: string): Promise<void> {
  const client = createApiClient({ baseUrl: server.url });
  await client.auth.register({ email, userName, password: PASSWORD });
  const link = new URL(await outboxLink(server, email));
  await client.auth.confirmEmail({
    userId: link.searchParams.get('userId')!,
    code: link.searchParams.get('code')!,
  });
}

/**
 * Signs in through the sdk and turns on the authenticator app; returns its secret. Enrolment asks for a step-up,
 * answered with the code the server mails to the account's address.
 */
async function turnOnAuthenticator(
  email: string,
  session?: { accessToken: string; expiresAt: string },
): Promise<string> {
  const client = createApiClient({
    baseUrl: server.url,
    tokenStore: new MemoryTokenStore(),
    onTwoFactorRequired: async () => ({ codes: { emailCode: await outboxCode(server, email) } }),
  });
  client.tokens.set(session ?? (await client.auth.login({ email, password: PASSWORD })));
  const key = await client.user.getOtpKey();
  await client.user.setupAuthenticator({
    enable: true,
    twoFactor: { codes: { totp: totpCode(key.secret, Date.now()) } },
  });
  return key.secret;
}

beforeAll(async () => {
  server = await startCliServer();
  await register('boss@example.test', 'boss');
});
afterAll(() => server.stop());

// One walk: the first sign-in registers the administrator the later tests act as, so the order is kept.
describe('sign-in and administration', { shuffle: false }, () => {
  describe('login without a terminal', () => {
    it('names what is missing instead of asking', async () => {
      const noEmail = await runCli(['login', '--server', 'http://127.0.0.1:1']);
      expect(noEmail.code).toBe(2);
      expect(noEmail.stderr).toContain(
        'No terminal to ask for the e-mail: pass --email (and --password-stdin), or --token',
      );
      const noPassword = await runCli([
        'login',
        '--server',
        'http://127.0.0.1:1',
        '--email',
        'a@example.test',
      ]);
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toContain(
        'No terminal to ask for the password: pipe it in with --password-stdin',
      );
    });
  });

  describe('tradedeck login, whoami, logout', () => {
    it('signs in at the prompts, keeps token and cookie readable by the user only, and renews the session', async () => {
      const dir = freshConfigDir();
      const env = { TRADEDECK_CONFIG_DIR: dir };
      const login = await runCli(['login', '--server', server.url], env, ['boss@example.test', PASSWORD]);
      expect(login.stderr).toBe('');
      expect(login.code).toBe(0);
      expect(login.prompts).toEqual(['E-mail: ', 'Password: ']);
      expect(login.stdout).toContain(`Signed in as boss <boss@example.test> (admin) on ${server.url}`);
      for (const file of ['token.json', 'session.json']) {
        expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      }

      // The session belongs to the server it was opened on: later commands go there without --server.
      const who = await runCli(['whoami', '--json'], env);
      expect(JSON.parse(who.stdout)).toMatchObject({
        email: 'boss@example.test',
        role: 'admin',
        status: 'active',
      });

      // The refresh cookie renews an access token that is about to expire.
      const tokenFile = join(dir, 'token.json');
      const { writeFileSync, readFileSync } = await import('node:fs');
      const stored = JSON.parse(readFileSync(tokenFile, 'utf8'));
      writeFileSync(
        tokenFile,
        JSON.stringify({ ...stored, expiresAt: new Date(Date.now() + 1000).toISOString() }),
        { mode: 0o600 },
      );
      expect((await runCli(['whoami', '--server', server.url], env)).code).toBe(0);
      expect(JSON.parse(readFileSync(tokenFile, 'utf8')).accessToken).not.toBe(stored.accessToken);

      const logout = await runCli(['logout', '--server', server.url], env);
      expect(logout.stdout).toContain('Signed out');
      const after = await runCli(['whoami', '--server', server.url], env);
      expect(after.code).toBe(4);
      expect(after.stderr).toContain('tradedeck login');
      // The old access token died with the session on the server.
      const reuse = await runCli(['whoami', '--server', server.url, '--token', stored.accessToken], {
        TRADEDECK_CONFIG_DIR: freshConfigDir(),
      });
      expect(reuse.code).toBe(4);
    });

    it('reports a wrong password in the chosen language and accepts TRADEDECK_TOKEN for scripts', async () => {
      const wrong = await runCli(['login', '--server', server.url, '--lang', 'ru'], {}, [
        'boss@example.test',
        'Wrong-Pass-1!',
      ]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('Неверный e-mail или пароль');

      const client = createApiClient({ baseUrl: server.url });
      const token = await client.auth.login({ email: 'boss@example.test', password: PASSWORD });
      const who = await runCli(['whoami', '--server', server.url], { TRADEDECK_TOKEN: token.accessToken });
      expect(who.code).toBe(0);
      expect(who.stdout).toContain('boss <boss@example.test>, admin, active');
      const saved = await runCli(['login', '--token', token.accessToken, '--server', server.url], {});
      expect(saved.code).toBe(0);
    });

    it('prompts for the authenticator code and retries after a wrong one', async () => {
      await register('totp@example.test', 'totp');
      bossDir = freshConfigDir();
      await runCli(['login', '--server', server.url], { TRADEDECK_CONFIG_DIR: bossDir }, [
        'boss@example.test',
        PASSWORD,
      ]);
      // Admin commands need the authenticator app: without it the refusal says so, in the chosen language.
      const refused = await runCli(['admin', 'approve', 'totp@example.test', '--server', server.url], {
        TRADEDECK_CONFIG_DIR: bossDir,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Administrator actions need two-factor authentication');
      expect(refused.stderr).toContain(
        `Turn on the authenticator app in the web app: ${server.url}/profile/security`,
      );
      expect(refused.stderr).not.toContain('(4)');
      const refusedRu = await runCli(['admin', 'users', '--lang', 'ru', '--json', '--server', server.url], {
        TRADEDECK_CONFIG_DIR: bossDir,
      });
      expect(refusedRu.code).toBe(1);
      expect(refusedRu.stderr).toContain('Профиль → Безопасность');
      expect(refusedRu.stderr).toContain(`${server.url}/profile/security`);
      // Turned on from the same session the CLI keeps (the login limit is 10 a minute per address).
      const saved = JSON.parse(readFileSync(join(bossDir, 'token.json'), 'utf8'));
      const bossSecret = await turnOnAuthenticator('boss@example.test', saved);
      // The CLI's session opened before the app was on: its first admin command asks it for the app, once.
      const approved = await runCli(
        ['admin', 'approve', 'totp@example.test', '--server', server.url],
        { TRADEDECK_CONFIG_DIR: bossDir },
        [async () => totpCode(bossSecret, Date.now() + 30_000)],
      );
      expect(approved.stderr).toContain('Administrator actions in this session');
      expect(approved.prompts).toEqual([
        'Code from the authenticator app (or a recovery code XXXXX-XXXXX): ',
      ]);
      expect(approved.code, approved.stderr).toBe(0);

      const secret = await turnOnAuthenticator('totp@example.test');
      const next = totpCode(secret, Date.now() + 30_000);
      const login = await runCli(['login', '--server', server.url], {}, [
        'totp@example.test',
        PASSWORD,
        '000000',
        next,
      ]);
      expect(login.stderr).toContain('Wrong code');
      expect(login.prompts[2]).toBe('Code from the authenticator app (or a recovery code XXXXX-XXXXX): ');
      expect(login.code).toBe(0);
      expect(login.stdout).toContain('Signed in as totp <totp@example.test> (user)');
    });
  });

  describe('tradedeck admin', () => {
    it('lists users, approves, bans, unbans and ends sessions by e-mail, and shows the outbox', async () => {
      const env = { TRADEDECK_CONFIG_DIR: bossDir };
      await register('newbie@example.test', 'newbie');

      const pending = await runCli(
        ['admin', 'users', '--status', 'pendingApproval', '--server', server.url],
        env,
      );
      expect(pending.stdout).toMatch(/newbie@example\.test\s+newbie\s+user\s+pendingApproval/);
      const approved = await runCli(['admin', 'approve', 'newbie@example.test', '--server', server.url], env);
      expect(approved.stdout.trim()).toBe('newbie@example.test: active');
      const banned = await runCli(
        ['admin', 'ban', 'newbie@example.test', '--reason', 'spam', '--json', '--server', server.url],
        env,
      );
      expect(JSON.parse(banned.stdout)).toMatchObject({ status: 'banned', banReason: 'spam' });
      const unbanned = await runCli(['admin', 'unban', 'newbie@example.test', '--server', server.url], env);
      expect(unbanned.stdout.trim()).toBe('newbie@example.test: active');
      // Ending the sessions signs the user out everywhere without a ban.
      const newbie = createApiClient({ baseUrl: server.url, tokenStore: new MemoryTokenStore() });
      newbie.tokens.set(await newbie.auth.login({ email: 'newbie@example.test', password: PASSWORD }));
      await newbie.user.getInfo({});
      const ended = await runCli(
        ['admin', 'end-sessions', 'newbie@example.test', '--server', server.url],
        env,
      );
      expect(ended.stdout.trim()).toBe('newbie@example.test: sessions ended: 1');
      await expect(newbie.user.getInfo({})).rejects.toBeInstanceOf(SessionExpiredError);
      expect(
        (await runCli(['admin', 'approve', 'ghost@example.test', '--server', server.url], env)).stderr,
      ).toContain('No user with e-mail');

      const outbox = await runCli(['admin', 'outbox', '--server', server.url], env);
      expect(outbox.stdout).toContain('newbie@example.test  Подтвердите e-mail для Tradedeck');
      expect(outbox.stdout).toMatch(/\/auth\/email-confirm\?userId=/);

      // A job held running: its lease is listed (the embedded database names no owner: one process runs it).
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await server.app.jobs.work('cli-lease-view', () => held);
      const jobId = await server.app.jobs.send('cli-lease-view', {});
      while ((await server.app.jobs.state('cli-lease-view', jobId))?.state !== 'active')
        await new Promise((resolve) => setTimeout(resolve, 50));
      const leases = await runCli(['admin', 'leases', '--server', server.url], env);
      expect(leases.stdout).toMatch(/^kind\s+what\s+owner\s+since\s+expires$/m);
      expect(leases.stdout).toMatch(new RegExp(`^job\\s+cli-lease-view ${jobId}\\s+-\\s+\\d{4}-`, 'm'));
      const leasesJson = await runCli(['admin', 'leases', '--json', '--server', server.url], env);
      expect(JSON.parse(leasesJson.stdout).items).toContainEqual(
        expect.objectContaining({ kind: 'job', what: `cli-lease-view ${jobId}`, owner: null }),
      );
      release();

      const userDir = freshConfigDir();
      await runCli(['login', '--server', server.url], { TRADEDECK_CONFIG_DIR: userDir }, [
        'newbie@example.test',
        PASSWORD,
      ]);
      const refused = await runCli(['admin', 'users', '--server', server.url], {
        TRADEDECK_CONFIG_DIR: userDir,
      });
      expect(refused.code).toBe(1);
      const leasesRefused = await runCli(['admin', 'leases', '--server', server.url], {
        TRADEDECK_CONFIG_DIR: userDir,
      });
      expect(leasesRefused.code).toBe(1);
      // The same refusal as every admin command gives a user (trace ids aside).
      const noTrace = (text: string) => text.replace(/[0-9a-f]{32}/g, 'TRACE');
      expect(noTrace(leasesRefused.stderr)).toBe(noTrace(refused.stderr));
    });
  });
});
