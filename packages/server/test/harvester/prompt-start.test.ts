import { HARVESTER_ENDS } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { callApi } from '../helpers/spawned-api.ts';
import { addSandboxAccounts } from '../steam-trading/helpers.ts';
import { createHarvesterTestApp, type HarvesterTestApp, profileInput, type SessionView } from './helpers.ts';

// The runner works on the embedded database and the sandbox, which answer without ever leaving the event loop's
// turn: the start's answer, the reads of the session and the hub's deliveries must still get their turn while it
// works, over a real socket, instead of all arriving once the session has ended.
describe('a session start on the embedded database', () => {
  let t: HarvesterTestApp;
  let user: TestUser;
  let url: string;

  beforeAll(async () => {
    t = await createHarvesterTestApp({ cs2: 0, dota2: 120, tf2: 120, rust: 0, community: 0 });
    user = await signedInUser(t, 'prompt');
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(url, method, path, body, user.accessToken);
  const open = (view: SessionView) =>
    Object.entries(view.counts)
      .filter(([status]) => !(HARVESTER_ENDS as readonly string[]).includes(status))
      .reduce((sum, [, count]) => sum + count, 0);
  const ended = (view: SessionView) =>
    (HARVESTER_ENDS as readonly string[]).reduce((sum, status) => sum + (view.counts[status] ?? 0), 0);

  it('answers the start while the session runs, and its transactions are seen moving before it ends', async () => {
    const ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(8, 4651), 170);
    await call('POST', '/api/harvester/profiles', profileInput('Prompt'));
    const session = await call<{ id: number }>('POST', '/api/harvester/sessions', {
      name: 'Prompt',
      sources: { accountIds: ids.slice(0, 6) },
      targets: { accountIds: ids.slice(6) },
    });

    const started = await call<SessionView>('POST', `/api/harvester/sessions/${session.id}/start`, {});
    expect(started.status).toBe('running');
    // The answer came before the session's end: the first read after it finds the session still at work.
    const seen: SessionView[] = [await call<SessionView>('GET', `/api/harvester/sessions/${session.id}`)];
    expect(seen[0]!.finishedAt).toBeNull();
    for (;;) {
      const view = await call<SessionView>('GET', `/api/harvester/sessions/${session.id}`);
      seen.push(view);
      if (view.finishedAt !== null && view.status === 'idle') break;
      expect(seen.length).toBeLessThan(20_000);
    }
    const last = seen.at(-1)!;
    expect(open(last)).toBe(0);
    expect(last.counts.completed).toBeGreaterThan(12);
    // Some read saw transactions already ended while others were still on their way.
    expect(seen.some((view) => view.finishedAt === null && ended(view) > 0 && open(view) > 0)).toBe(true);
  }, 240_000);
});
