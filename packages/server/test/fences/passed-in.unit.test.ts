import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureTree } from './fixture-tree.ts';
import { reachesUp } from './passed-in.ts';
import { sourceFilesOf } from './workspace-facts.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('infrastructure passed in', () => {
  it('has no module read the hubs, the jobs or the services off the app', () => {
    const modules = sourceFilesOf(ROOT).filter((file) => file.startsWith('packages/server/src/modules/'));
    expect(modules.length).toBeGreaterThan(100);
    expect(reachesUp(ROOT, modules)).toEqual([]);
  });
});

describe('the reach-up check itself', () => {
  const { root: tree, write } = fixtureTree('passed-in');

  it('finds a module that reaches for the hubs or the jobs, at once or in a closure, and leaves the app alone', () => {
    const files = [
      write(
        'packages/server/src/modules/admin/index.ts',
        'new Service((id) => app.hubs.disconnectUser(id));\n',
      ),
      write('packages/server/src/modules/auth/index.ts', 'const x = 1;\nconst jobs = () => app.jobs;\n'),
      write('packages/server/src/modules/auth/service.ts', 'await this.deps.jobs.send(queue, job);\n'),
      write(
        'packages/server/src/app.ts',
        'registerX(app, { jobs: app.jobs, eventLog: app.hubs.eventLog });\n',
      ),
    ];
    expect(reachesUp(tree, files)).toEqual([
      'packages/server/src/modules/admin/index.ts:1 app.hubs',
      'packages/server/src/modules/auth/index.ts:2 app.jobs',
    ]);
  });
});
