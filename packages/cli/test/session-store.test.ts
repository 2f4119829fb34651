import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionStore } from '../src/session-store.ts';
import { outboxLink, startCliServer } from './helpers/cli-server.ts';
import { freshConfigDir, runCli } from './run-cli.ts';

const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'keyring@example.test';
const BUS = 'unix:path=/run/user/1000/bus';

/**
 * A stand-in for libsecret's `secret-tool` with the same arguments and exit codes: each secret is a file in
 * FAKE_KEYRING_DIR named after its attributes. With FAKE_KEYRING_REFUSE set it refuses to store, as a locked
 * keyring or a missing secret service does.
 */
const FAKE_SECRET_TOOL = `#!/bin/sh
set -eu
command=$1; shift
if [ "$command" = store ]; then shift 2; fi
name=$(printf '%s_' "$@" | tr -c 'A-Za-z0-9._-' '_')
case "$command" in
  store) [ -z "\${FAKE_KEYRING_REFUSE:-}" ] || exit 1; cat > "$FAKE_KEYRING_DIR/$name" ;;
  lookup) [ -f "$FAKE_KEYRING_DIR/$name" ] || exit 1; cat "$FAKE_KEYRING_DIR/$name" ;;
  clear) rm -f "$FAKE_KEYRING_DIR/$name" ;;
  *) exit 2 ;;
esac
`;

function fakeProgram(name: string, script = FAKE_SECRET_TOOL): string {
  const bin = mkdtempSync(join(tmpdir(), 'tradedeck-fake-bin-'));
  writeFileSync(join(bin, name), script);
  chmodSync(join(bin, name), 0o755);
  return bin;
}

function fakeKeyringEnv(extra: Record<string, string> = {}) {
  const keyring = mkdtempSync(join(tmpdir(), 'tradedeck-fake-keyring-'));
  const env = {
    TRADEDECK_CONFIG_DIR: freshConfigDir(),
    PATH: `${fakeProgram('secret-tool')}:${process.env.PATH}`,
    DBUS_SESSION_BUS_ADDRESS: BUS,
    FAKE_KEYRING_DIR: keyring,
    ...extra,
  };
  return { env, keyring };
}

describe('choosing where the session is kept', () => {
  const dir = freshConfigDir();
  const bin = fakeProgram('secret-tool');

  it('uses secret-tool when it is on PATH and a D-Bus session bus is set', () => {
    const store = openSessionStore(dir, { PATH: bin, DBUS_SESSION_BUS_ADDRESS: BUS }, 'linux');
    expect(store.kind).toBe('secret-tool');
    expect(store.location).toBe('keyring (secret-tool), service tradedeck');
  });

  it('keeps the 0600 files without a session bus, without secret-tool, or with TRADEDECK_KEYRING=off', () => {
    for (const env of [
      { PATH: bin },
      { PATH: '/nonexistent', DBUS_SESSION_BUS_ADDRESS: BUS },
      { PATH: bin, DBUS_SESSION_BUS_ADDRESS: BUS, TRADEDECK_KEYRING: 'off' },
    ]) {
      const store = openSessionStore(dir, env, 'linux');
      expect({ env, kind: store.kind, location: store.location }).toEqual({
        env,
        kind: 'file',
        location: dir,
      });
    }
  });

  it('uses the macOS keychain through `security` on a Mac, and never secret-tool there', () => {
    const security = fakeProgram('security', '#!/bin/sh\nexit 0\n');
    expect(openSessionStore(dir, { PATH: security }, 'darwin').kind).toBe('keychain');
    expect(openSessionStore(dir, { PATH: bin, DBUS_SESSION_BUS_ADDRESS: BUS }, 'darwin').kind).toBe('file');
  });
});

describe('a session in the keyring', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startCliServer();
    const client = createApiClient({ baseUrl: server.url });
    await client.auth.register({ email: EMAIL, userName: 'keyring', password: PASSWORD });
    const link = new URL(await outboxLink(server, EMAIL));
    await client.auth.confirmEmail({
      userId: link.searchParams.get('userId')!,
      code: link.searchParams.get('code')!,
    });
  });
  afterAll(() => server.stop());

  it('stores token and cookie in the keyring only, signs later commands in from it, and logout clears it', async () => {
    const { env, keyring } = fakeKeyringEnv();
    const login = await runCli(
      ['login', '--server', server.url, '--email', EMAIL, '--password-stdin'],
      env,
      undefined,
      PASSWORD,
    );
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    const dir = env.TRADEDECK_CONFIG_DIR;
    expect(existsSync(join(dir, 'token.json'))).toBe(false);
    expect(existsSync(join(dir, 'session.json'))).toBe(false);
    const entries = readdirSync(keyring).sort();
    expect(entries).toHaveLength(2);
    const tokenEntry = entries.find((name) => name.endsWith('_token_'))!;
    expect(JSON.parse(readFileSync(join(keyring, tokenEntry), 'utf8'))).toHaveProperty('accessToken');

    const who = await runCli(['whoami', '--json'], env);
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ email: EMAIL });

    const shown = await runCli(['config', 'get'], env);
    expect(shown.stderr).toContain('Session: keyring (secret-tool), service tradedeck\n');
    const json = await runCli(['config', 'get', '--json'], env);
    expect(JSON.parse(json.stdout).session).toEqual({
      store: 'secret-tool',
      location: 'keyring (secret-tool), service tradedeck',
    });

    expect((await runCli(['logout'], env)).code).toBe(0);
    expect(readdirSync(keyring)).toEqual([]);
    expect((await runCli(['whoami'], env)).code).toBe(4);
  });

  it('falls back to the 0600 files when the keyring refuses to store, and still signs in from them', async () => {
    const { env, keyring } = fakeKeyringEnv({ FAKE_KEYRING_REFUSE: '1' });
    const login = await runCli(
      ['login', '--server', server.url, '--email', EMAIL, '--password-stdin'],
      env,
      undefined,
      PASSWORD,
    );
    expect(login.code).toBe(0);
    expect(readdirSync(keyring)).toEqual([]);
    const dir = env.TRADEDECK_CONFIG_DIR;
    expect(JSON.parse(readFileSync(join(dir, 'token.json'), 'utf8'))).toHaveProperty('accessToken');
    expect(JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8'))).toHaveProperty('value');
    const who = await runCli(['whoami', '--json'], env);
    expect(JSON.parse(who.stdout)).toMatchObject({ email: EMAIL });
  });

  it('keeps using a session saved in the file before the keyring was there', async () => {
    const plain = freshConfigDir();
    const login = await runCli(
      ['login', '--server', server.url, '--email', EMAIL, '--password-stdin'],
      { TRADEDECK_CONFIG_DIR: plain },
      undefined,
      PASSWORD,
    );
    expect(login.code).toBe(0);
    expect(existsSync(join(plain, 'token.json'))).toBe(true);
    const { env } = fakeKeyringEnv({ TRADEDECK_CONFIG_DIR: plain });
    const who = await runCli(['whoami', '--json'], env);
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ email: EMAIL });
  });
});
