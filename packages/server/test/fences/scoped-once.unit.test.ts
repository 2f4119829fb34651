import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureTree } from './fixture-tree.ts';
import { scopeOpenedElsewhere } from './scoped-once.ts';
import { sourceFilesOf } from './workspace-facts.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('one place opens the user scope of a repository', () => {
  it('opens it once per repository, in its run, and nowhere else', () => {
    expect(scopeOpenedElsewhere(ROOT, sourceFilesOf(ROOT))).toEqual([]);
  });
});

describe('the scope check itself', () => {
  const { root: tree, write } = fixtureTree('scope');
  const RUN = 'run(userId, work) { return this.scope.run(userId, (tx) => work(new Q(tx, userId))); }\n';
  const PER_METHOD = 'a(u) { return this.scope.run(u, f); }\nb(u) { return this.scope.run(u, g); }\n';

  it('finds a repository scoped per method, a service opening a scope and a listed file that no longer needs it', () => {
    const files = [
      write('packages/server/src/modules/a/repo.ts', RUN),
      write('packages/server/src/modules/b/session-repo.ts', PER_METHOD),
      write(
        'packages/server/src/modules/c/service.ts',
        'await this.scope.run(userId, (tx) => tx.select());\n',
      ),
      write('packages/server/src/modules/d/repo.ts', PER_METHOD),
      write('packages/server/src/modules/e/repo.ts', RUN),
    ];
    const allowed = {
      'packages/server/src/modules/d/repo.ts': 'later',
      'packages/server/src/modules/e/repo.ts': 'x',
    };
    expect(scopeOpenedElsewhere(tree, files, allowed)).toEqual([
      'packages/server/src/modules/b/session-repo.ts: opens the user scope 2 times, not once in run',
      'packages/server/src/modules/c/service.ts: opens a user scope outside a repository',
      'packages/server/src/modules/e/repo.ts: opens the scope once now; take it off the list',
    ]);
  });
});
