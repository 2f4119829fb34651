import type { WorkspaceMove } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { crashHarness } from './crash-harness.ts';

// Moving personal proxies into a team workspace, the server killed with -9 twice while the move is under way, on the
// database the suite runs on (docs/workspaces.md, "Moving personal data into a team"): the restarted server's job
// takes the rest, every proxy ends in the team exactly once with one outcome, none stays behind or is lost, and its
// password still opens under the team's key.
const PROXIES = 300;

const { api, crash, until } = crashHarness({
  prefix: 'tradedeck-crash-move-',
  email: 'crash-move@example.test',
  userName: 'crashmove',
  env: {},
});

const line = (i: number) => `10.77.${i >> 8}.${i & 255}:3128:mover${i}:secret-${i}`;

interface ProxyPage {
  items: { id: number; credentials: { username: string } | null }[];
  totalItems: number;
}

/** Every proxy id of the active workspace (the personal one, or `team`), in pages of 100. */
async function proxyIds(team?: string): Promise<number[]> {
  const headers = team ? { 'x-workspace': team } : undefined;
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const found = await api<ProxyPage>(
      'POST',
      '/api/proxies/query',
      { pages: { page, pageSize: 100 } },
      headers,
    );
    ids.push(...found.items.map((item) => item.id));
    if (found.items.length < 100) return ids;
  }
}

describe('a move into a team workspace killed with kill -9', () => {
  it('resumes after each of two kills and moves every proxy exactly once', async () => {
    const added = await api<{ addedIds: number[] }>('POST', '/api/proxies', {
      proxies: Array.from({ length: PROXIES }, (_, i) => line(i)).join('\n'),
      tag: { id: 0, name: 'movers' },
    });
    expect(added.addedIds).toHaveLength(PROXIES);
    const team = (await api<{ id: string }>('POST', '/api/workspaces', { name: 'Crash desk' })).id;
    const inTeam = { 'x-workspace': team };
    const started = await api<WorkspaceMove>(
      'POST',
      '/api/workspace/moves',
      { accountIds: [], proxyIds: added.addedIds },
      inTeam,
    );
    expect(started.total).toBe(PROXIES);
    const view = () => api<WorkspaceMove>('GET', `/api/workspace/moves/${started.id}`, undefined, inTeam);

    // Killed with some proxies moved and others not yet (the move gives the loop a turn between items, so the
    // embedded database answers the view while it runs too).
    const before = await until('the first proxies moved', async () => {
      const move = await view();
      return move.moved > 0 ? move : null;
    });
    await crash();
    expect(before.status).toBe('running');
    expect(before.moved).toBeLessThan(PROXIES);

    // The restarted server's run is killed too, once it has moved more and before it ends.
    const second = await until('more proxies moved after the restart', async () => {
      const move = await view();
      return move.moved > before.moved || move.status === 'done' ? move : null;
    });
    await crash();
    expect(second.status).toBe('running');
    expect(second.moved).toBeLessThan(PROXIES);

    const move = await until(
      'the move finished after the restart',
      async () => {
        const found = await view();
        return found.status === 'done' ? found : null;
      },
      240_000,
    );
    expect(move).toMatchObject({ total: PROXIES, moved: PROXIES, failed: 0 });
    // One outcome per proxy: none listed twice, none left planned.
    expect(new Set(move.items.map((item) => item.id)).size).toBe(PROXIES);
    expect(move.items.every((item) => item.kind === 'proxy' && item.state === 'moved')).toBe(true);

    // Every proxy is in the team once, none stayed in the personal workspace, none was copied or lost.
    const moved = await proxyIds(team);
    expect(moved).toHaveLength(PROXIES);
    expect([...moved].sort((a, b) => a - b)).toEqual(added.addedIds);
    expect(await proxyIds()).toEqual([]);

    // The first proxy (moved before the kill) and the last (after it) are known to the team under its key, with
    // their passwords: adding them there again adds nothing and replaces no password.
    const again = await api<{ addedIds: number[]; updatedIds: number[]; duplicates: unknown[] }>(
      'POST',
      '/api/proxies',
      { proxies: [line(0), line(PROXIES - 1)].join('\n') },
      inTeam,
    );
    expect(again).toMatchObject({ addedIds: [], updatedIds: [] });
    expect(again.duplicates).toHaveLength(2);
  }, 480_000);
});
