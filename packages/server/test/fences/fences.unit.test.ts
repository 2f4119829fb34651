import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { breachKey, readAllowlist } from './allowlist.ts';
import { type Breach, breachesOf, type ResolvedFacts } from './fence-rules.ts';
import { workspaceFacts } from './workspace-facts.ts';

// The fences of docs/architecture.md ("Boundaries") over every package's sources, each import resolved to the
// file it lands on. breaches.unit.test.ts shows each fence failing on a small tree.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const allowlist = readAllowlist(fileURLToPath(new URL('./web-allowlist.txt', import.meta.url)));

describe('the workspace fences', () => {
  let facts: ResolvedFacts[];
  let breaches: Breach[];
  const allowed = new Set(allowlist.map((entry) => entry.key));
  beforeAll(() => {
    facts = workspaceFacts(ROOT);
    breaches = facts.flatMap(breachesOf);
  });

  it('reads the sources of every package', () => {
    for (const pkg of ['sdk', 'server', 'web', 'cli'])
      expect(facts.some((file) => file.file.startsWith(`packages/${pkg}/src/`))).toBe(true);
  });

  it('resolves every relative import to a file', () => {
    const unresolved = facts.flatMap((file) =>
      file.imports
        .filter((fact, index) => fact.specifier.startsWith('.') && !file.targets[index])
        .map((fact) => `${file.file}:${fact.line} ${fact.specifier}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('has no breach but those the web allowlist names', () => {
    const found = breaches
      .filter((breach) => !allowed.has(breachKey(breach)))
      .map((breach) => `${breach.file}:${breach.line} ${breach.fence}: ${breach.detail}`);
    expect(found).toEqual([]);
  });

  it('allows only web breaches that still exist, each with its reason', () => {
    const present = new Set(breaches.map(breachKey));
    const wrong = allowlist
      .filter(
        (entry) =>
          !present.has(entry.key) ||
          entry.reason === '' ||
          !entry.key.split(' ')[1]?.startsWith('packages/web/src/'),
      )
      .map((entry) => entry.key);
    expect(wrong).toEqual([]);
  });
});
