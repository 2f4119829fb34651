/**
 * `tradedeck confirmations` in a real terminal (tmux) against a sandbox server whose account has confirmations of
 * the five kinds waiting that Tradedeck did not create: the list as JSON, a filter drawn as a table, and one trade
 * accepted by its offer id after the step-up code typed at the prompt, leaving the others pending.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfirmationRow } from '@tradedeck/sdk/contract';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SandboxWorld,
  sandboxMafileText,
} from '../../server/src/integrations/steam/sandbox/sandbox-world.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';

const EMAIL = 'confirmations-terminal@example.test';
const terminal = new TmuxSession(`tradedeck-confirmations-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-conf-term-'));
const [account] = new SandboxWorld().healthyAccounts(1, 4701);
let server: RunningServer;
let accessToken = '';
let cli = '';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { success: boolean; data: T; error: unknown };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  ({ accessToken } = await signedInUser(server, EMAIL));
  // Added through the API: the import command has tests of its own.
  await api('POST', '/api/steam-accounts', {
    accounts: {
      '0': {
        login: account!.login,
        password: account!.password,
        mafile: sandboxMafileText(account!),
        proxyData: { protocol: 'http', address: '10.47.0.1', port: 3128, username: null, password: null },
      },
    },
  });
  cli = cliCommand({ configDir: dir, server: server.url, token: accessToken });
}, 60_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck confirmations in a real terminal (tmux)', () => {
  it('lists as JSON, draws a filtered table and accepts one trade by its offer id after the step-up', async () => {
    const listed = await api<{ items: ConfirmationRow[] }>('POST', '/api/confirmations/query', {});
    const trade = listed.items.find((item) => item.kind === 'trade')!;
    expect(listed.items).toHaveLength(5);
    const script = [
      `${cli} confirmations --json; echo "json-exit=$?"`,
      `${cli} confirmations --type apiKey; echo "filter-exit=$?"`,
      `${cli} confirmations accept --offer-id ${trade.creatorId} --account ${account!.login}; echo "accept-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, CLI_DIR, { width: 200, height: 60 });

    const json = await terminal.waitFor(/json-exit=\d+/, 60_000);
    expect(json).toContain('json-exit=0');
    for (const kind of ['trade', 'marketListing', 'purchase', 'accountRecovery', 'apiKey'])
      expect(json).toMatch(new RegExp(`"kind":\\s*"${kind}"`));

    const filtered = await terminal.waitFor(/filter-exit=\d+/, 60_000);
    expect(filtered).toContain('filter-exit=0');
    const table = filtered.slice(filtered.indexOf('json-exit=0'), filtered.indexOf('filter-exit='));
    expect(table).toMatch(/ACCOUNT\s+ID\s+TYPE\s+OURS/);
    expect(table).toMatch(new RegExp(`${account!.login}\\s+\\d+\\s+apiKey`));
    expect(table).not.toMatch(/\btrade\b/);

    // Not Tradedeck's offer: the server asks for the step-up, answered with the code it mails.
    await terminal.waitFor(/Code from the e-mail/, 60_000);
    terminal.typeLine(await outboxCode(server, EMAIL));
    const accepted = await terminal.waitFor(/accept-exit=\d+/, 60_000);
    expect(accepted).toContain(`${trade.id}: answered`);
    expect(accepted).toContain('accept-exit=0');

    const left = await api<{ items: ConfirmationRow[] }>('POST', '/api/confirmations/query', {});
    expect(left.items.map((item) => item.id).sort()).toEqual(
      listed.items
        .filter((item) => item.id !== trade.id)
        .map((item) => item.id)
        .sort(),
    );
    // Four commands, each given a minute to answer on a loaded machine.
  }, 240_000);
});
