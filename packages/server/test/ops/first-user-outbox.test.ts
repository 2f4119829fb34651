import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { seedFromTemplate } from '../helpers/spawned-api.ts';

// The README's "first user" paragraph, followed as written: without SMTP_URL the log names the recipient only, and
// `main.js outbox` (embedded database, server stopped) prints the confirmation link that confirms the e-mail.
const EMAIL = 'first-admin@example.test';
const PASSWORD = 'Quartz-Lantern-42';

const dir = mkdtempSync(join(tmpdir(), 'tradedeck-first-user-'));
// The migrated template with no users yet, as a first start leaves it: the test is about the first user.
const dataDir = join(dir, 'data');
seedFromTemplate(dataDir);
const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const start = (args: string[] = []) => {
  const server = spawnServer({ TRADEDECK_DATA_DIR: dataDir, LOG_LEVEL: 'info', SMTP_URL: '' }, args);
  servers.push(server);
  return server;
};

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; data: unknown; error: { message: string } | null };
}

describe('the first user without SMTP (README)', () => {
  it('reads the confirmation link with `outbox`, never in the log, and confirms the e-mail with it', async () => {
    const first = start();
    const url = await first.ready;
    expect(
      (await post(url, '/api/auth/register', { email: EMAIL, userName: 'first', password: PASSWORD }))
        .success,
    ).toBe(true);
    // The log announces the kept mail by its recipient once it is written.
    await expect.poll(() => first.output().includes(EMAIL), { timeout: 30_000 }).toBe(true);
    await first.stop();
    const log = first.output();

    const outbox = start(['outbox']);
    expect(await outbox.exited).toBe(0);
    const link = /https?:\/\/\S+/.exec(outbox.output())?.[0];
    expect(outbox.output()).toContain(EMAIL);
    expect(link).toBeDefined();
    const confirm = new URL(link!);
    const code = confirm.searchParams.get('code');
    expect(code).toBeTruthy();
    // Neither the link nor its code ever reached the log.
    expect(log).not.toContain(link!);
    expect(log).not.toContain(code!);

    const second = start();
    const again = await second.ready;
    const login = () => post(again, '/api/auth/login', { email: EMAIL, password: PASSWORD });
    expect((await login()).success).toBe(false);
    const confirmed = await post(again, '/api/auth/confirm-email', {
      userId: confirm.searchParams.get('userId'),
      code,
    });
    expect(confirmed.error).toBeNull();
    expect((await login()).success).toBe(true);
  }, 240_000);
});
