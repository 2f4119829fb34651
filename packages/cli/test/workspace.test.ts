import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxLink, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

let server: RunningServer;
let owner: Record<string, string>;
let ownerToken: string;
let member: { env: Record<string, string>; accessToken: string };
let teamId: string;
const MEMBER = 'ws-member@example.test';

beforeAll(async () => {
  server = await startCliServer();
  ({ env: owner, accessToken: ownerToken } = await signedInUser(server, 'ws-owner@example.test'));
  member = await signedInUser(server, MEMBER, { approve: true });
});
afterAll(() => server.stop());

// One walk: the team made first is the one invited into, changed and audited after.
describe('tradedeck workspace', { shuffle: false }, () => {
  it('creates a team workspace and lists it next to the personal one', async () => {
    const created = await runCli(['workspace', 'create', 'North farm', '--json'], owner);
    expect(created.code, created.stderr).toBe(0);
    teamId = JSON.parse(created.stdout).id;
    const list = await runCli(['workspace', 'list', '--json'], owner);
    expect(JSON.parse(list.stdout).map((w: { kind: string; role: string }) => [w.kind, w.role])).toEqual([
      ['personal', 'owner'],
      ['team', 'owner'],
    ]);
    const plain = await runCli(['workspace', 'list'], owner);
    expect(plain.stdout).toMatch(/^\* \S+\t.*\tpersonal\towner\tall$/m);
    expect(plain.stdout).toContain(`  ${teamId}\tNorth farm\tteam\towner\tall`);
  });

  it('invites by e-mail in the workspace named by --workspace; the invited member joins with the mailed link', async () => {
    const invited = await runCli(
      [
        '--workspace',
        'north FARM',
        'workspace',
        'invite',
        MEMBER,
        '--role',
        'viewer',
        '--tags',
        'north, south',
      ],
      owner,
    );
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout).toMatch(
      new RegExp(`^Invited ${MEMBER} as viewer; the link is valid until \\d{4}-`),
    );
    const link = new URL(await outboxLink(server, MEMBER));
    const client = createApiClient({
      baseUrl: server.url,
      language: () => 'en',
      tokenStore: new MemoryTokenStore({
        accessToken: member.accessToken,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    });
    await client.workspace.accept({
      inviteId: Number(link.searchParams.get('inviteId')),
      code: link.searchParams.get('code')!,
    });
    const members = await runCli(['workspace', 'members', '--json'], {
      ...owner,
      TRADEDECK_WORKSPACE: teamId,
    });
    expect(JSON.parse(members.stdout).items.map((m: { email: string; role: string }) => m.role)).toEqual([
      'owner',
      'viewer',
    ]);
    const plain = await runCli(['--workspace', teamId, 'workspace', 'members'], owner);
    expect(plain.stdout).toContain(`${MEMBER}\tviewer\tnorth,south`);
  });

  it('changes a member’s role and tags by e-mail, and a viewer is refused in both languages', async () => {
    const set = await runCli(
      ['--workspace', teamId, 'workspace', 'set-member', MEMBER, '--role', 'operator', '--tags', ''],
      owner,
    );
    expect([set.code, set.stdout.trim()]).toEqual([0, `${MEMBER} is now operator`]);
    const back = await runCli(
      ['--workspace', teamId, 'workspace', 'set-member', 'ws-member', '--role', 'viewer'],
      owner,
    );
    expect(back.code, back.stderr).toBe(0);
    const refused = await runCli(['--workspace', teamId, 'workspace', 'audit'], member.env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'Only the owner manages the workspace, its members and its audit log (104)',
    );
    const ru = await runCli(['--workspace', teamId, '--lang', 'ru', 'workspace', 'audit'], member.env);
    expect(ru.stderr).toContain('Управлять пространством, участниками и журналом может только владелец');
  });

  it('prints the audit log, filtered by member and operation, and as CSV', async () => {
    const json = await runCli(
      ['--workspace', teamId, 'workspace', 'audit', '--operation', 'workspace.', '--json'],
      owner,
    );
    expect(json.code, json.stderr).toBe(0);
    const operations = JSON.parse(json.stdout).items.map((e: { operation: string }) => e.operation);
    expect(operations).toEqual([
      'workspace.setMember',
      'workspace.setMember',
      'workspace.accept',
      'workspace.invite',
      'workspace.create',
    ]);
    const byMember = await runCli(
      ['--workspace', teamId, 'workspace', 'audit', '--member', MEMBER, '--json'],
      owner,
    );
    expect(JSON.parse(byMember.stdout).items.map((e: { operation: string }) => e.operation)).toEqual([
      'workspace.accept',
    ]);
    const csv = await runCli(['--workspace', teamId, 'workspace', 'audit', '--csv'], owner);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).join('\n')).toContain('workspace.invite');
  });

  it('removes a member; an unknown workspace name or member is a usage error', async () => {
    const removed = await runCli(['--workspace', teamId, 'workspace', 'remove-member', MEMBER], owner);
    expect([removed.code, removed.stdout.trim()]).toEqual([0, `Removed ${MEMBER}`]);
    const gone = await runCli(['--workspace', teamId, 'workspace', 'remove-member', MEMBER], owner);
    expect([gone.code, gone.stderr.trim()]).toEqual([
      2,
      `tradedeck: No member "${MEMBER}" in this workspace`,
    ]);
    const unknown = await runCli(['--workspace', 'South farm', 'workspace', 'members'], owner);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      2,
      'tradedeck: You are not a member of a workspace named "South farm": see tradedeck workspace list',
    ]);
    const stranger = await runCli(['--workspace', teamId, 'workspace', 'members'], member.env);
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr).toContain('Workspace not found');
  });

  it('moves a proxy of the personal workspace into the team, and says which objects stayed', async () => {
    const client = createApiClient({
      baseUrl: server.url,
      language: () => 'en',
      tokenStore: new MemoryTokenStore({
        accessToken: ownerToken,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    });
    const { addedIds } = await client.proxies.add({ proxies: '10.50.0.1:3128:mover:secret-pw' });
    const proxyId = addedIds[0]!;
    const moved = await runCli(
      ['--workspace', teamId, 'workspace', 'move', '--proxies', String(proxyId), '--json'],
      owner,
    );
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({
      status: 'done',
      moved: 1,
      items: [{ kind: 'proxy', id: proxyId, state: 'moved' }],
    });
    const partial = await runCli(
      ['--workspace', teamId, 'workspace', 'move', '--accounts', '2000000000', '--proxies', String(proxyId)],
      owner,
    );
    expect(partial.code).toBe(3);
    expect(partial.stdout).toContain('account 2000000000: Not found in your personal workspace');
    expect(partial.stdout).toContain(`proxy ${proxyId}: moved`);
    expect(partial.stderr).toContain('Moved 1 of 2; 1 stayed in your personal workspace');
    const russian = await runCli(
      ['--lang', 'ru', '--workspace', teamId, 'workspace', 'move', '--accounts', '2000000000'],
      owner,
    );
    expect(russian.code).toBe(1);
    expect(russian.stdout).toContain('Не найден в вашем личном пространстве');
  });
});
