import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { breachesOf } from './fence-rules.ts';
import { workspaceFacts } from './workspace-facts.ts';

// Small trees laid out like the repository, each breaking one fence. Every breach listed in issue #33 as passing
// the linter is here, and fails.
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tradedeck-fences-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const VALUE = 'export const value = 1;\n';
const WEB = 'packages/web/src';
const SERVER = 'packages/server/src';

/** Writes the tree and answers each breach as `file:line fence`. */
function breaches(files: Record<string, string>): string[] {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return workspaceFacts(root)
    .flatMap(breachesOf)
    .map((breach) => `${breach.file}:${breach.line} ${breach.fence}`)
    .sort();
}

describe('the fences let the house shape through', () => {
  it('passes features on their own files and shared code, modules through index.ts, SQL in repositories, calls in the sdk', () => {
    expect(
      breaches({
        [`${WEB}/shared/format.ts`]: VALUE,
        [`${WEB}/shared/queries/operation-query.ts`]: "export const key = { queryKey: ['op'] };\n",
        [`${WEB}/features/orders/rows.ts`]: VALUE,
        [`${WEB}/features/orders/page.tsx`]:
          "import { value } from '../../shared/format.ts';\nimport { value as b } from './rows.ts';\n// fetch('/api') in a comment is no call\nexport const page = value + b;\n",
        [`${WEB}/features/orders/wizard/steps/step.ts`]:
          "import { value } from '../../rows.ts';\nimport { value as b } from '../../../../shared/format.ts';\nexport const step = value + b;\n",
        [`${WEB}/app/router.tsx`]:
          "import { page } from '../features/orders/page.tsx';\nexport const routes = [page];\n",
        [`${SERVER}/db/schema.ts`]: 'export const lots = {};\n',
        [`${SERVER}/modules/lots/repo.ts`]:
          "import { sql } from 'drizzle-orm';\nimport { lots } from '../../db/schema.ts';\nexport const value = sql`select 1 from lots`, table = lots;\n",
        [`${SERVER}/modules/lots/search-sql.ts`]:
          "import { sql } from 'drizzle-orm';\nexport const where = sql`true`;\n",
        [`${SERVER}/modules/lots/index.ts`]: "export { value } from './repo.ts';\n",
        [`${SERVER}/modules/seller/service.ts`]:
          "import type { lots } from '../../db/schema.ts';\nimport { value } from '../lots/index.ts';\nexport const service = value as unknown as typeof lots;\n",
        [`${SERVER}/app.ts`]: "import { value } from './modules/lots/index.ts';\nexport const app = value;\n",
        [`${SERVER}/integrations/rates/source.ts`]:
          "export const rates = () => fetch('https://example.com');\n",
        'packages/sdk/src/client/http-fetch.ts':
          'export const send = (url: string) => globalThis.fetch(url);\n',
      }),
    ).toEqual([]);
  });
});

describe('the feature fence', () => {
  it("fails on ../../features/x/… from a feature's top folder", () => {
    expect(
      breaches({
        [`${WEB}/features/lots/lot-row.ts`]: VALUE,
        [`${WEB}/features/seller/page.tsx`]:
          "import { value } from '../../features/lots/lot-row.ts';\nexport const p = value;\n",
      }),
    ).toEqual([`${WEB}/features/seller/page.tsx:1 feature`]);
  });

  it('fails on a file three folders deep inside a feature importing another feature', () => {
    expect(
      breaches({
        [`${WEB}/features/lots/lot-row.ts`]: VALUE,
        [`${WEB}/features/seller/wizard/steps/step.ts`]:
          "import { value } from '../../../lots/lot-row.ts';\nexport const s = value;\n",
      }),
    ).toEqual([`${WEB}/features/seller/wizard/steps/step.ts:1 feature`]);
  });

  it('fails on shared web code, the layout and the texts importing a feature', () => {
    expect(
      breaches({
        [`${WEB}/features/lots/lot-row.ts`]: VALUE,
        [`${WEB}/shared/table/cells.ts`]: "export { value } from '../../features/lots/lot-row.ts';\n",
        [`${WEB}/layout/menu.tsx`]: "export const menu = await import('../features/lots/lot-row.ts');\n",
        [`${WEB}/i18n/lots.ts`]:
          "import type { value } from '../features/lots/lot-row.ts';\nexport type V = typeof value;\n",
      }),
    ).toEqual([
      `${WEB}/i18n/lots.ts:1 feature`,
      `${WEB}/layout/menu.tsx:1 feature`,
      `${WEB}/shared/table/cells.ts:1 feature`,
    ]);
  });
});

describe('the module fence', () => {
  it('fails on ../../modules/seller/repo.ts from inside a module, however the path is spelled', () => {
    expect(
      breaches({
        [`${SERVER}/modules/seller/repo.ts`]: VALUE,
        [`${SERVER}/modules/seller/index.ts`]: "export { value } from './repo.ts';\n",
        [`${SERVER}/modules/lots/service.ts`]:
          "import { value } from '../../modules/seller/repo.ts';\nexport const a = value;\n",
        [`${SERVER}/modules/lots/sync/tick.ts`]:
          "import { value } from '../../seller/../seller/repo.ts';\nexport const b = value;\n",
        [`${SERVER}/main.ts`]: "import { value } from './modules/seller/repo.ts';\nexport const c = value;\n",
      }),
    ).toEqual([
      `${SERVER}/main.ts:1 module`,
      `${SERVER}/modules/lots/service.ts:1 module`,
      `${SERVER}/modules/lots/sync/tick.ts:1 module`,
    ]);
  });

  it('fails on hubs, jobs, integrations, db, http or security importing a module, internals or index.ts', () => {
    expect(
      breaches({
        [`${SERVER}/modules/lots/repo.ts`]: VALUE,
        [`${SERVER}/modules/lots/index.ts`]: "export { value } from './repo.ts';\n",
        [`${SERVER}/hubs/catalog.ts`]:
          "import { value } from '../modules/lots/repo.ts';\nexport const a = value;\n",
        [`${SERVER}/integrations/steam/live.ts`]:
          "import type { value } from '../../modules/lots/repo.ts';\nexport type B = typeof value;\n",
        [`${SERVER}/jobs/jobs.ts`]:
          "import { value } from '../modules/lots/index.ts';\nexport const c = value;\n",
        [`${SERVER}/security/scope.ts`]:
          "import { value } from '../modules/lots/index.ts';\nexport const d = value;\n",
        [`${SERVER}/http/bind.ts`]:
          "import { value } from '../modules/lots/index.ts';\nexport const e = value;\n",
        [`${SERVER}/db/database.ts`]:
          "import { value } from '../modules/lots/index.ts';\nexport const f = value;\n",
      }),
    ).toEqual([
      `${SERVER}/db/database.ts:1 floor`,
      `${SERVER}/http/bind.ts:1 floor`,
      `${SERVER}/hubs/catalog.ts:1 module`,
      `${SERVER}/integrations/steam/live.ts:1 module`,
      `${SERVER}/jobs/jobs.ts:1 floor`,
      `${SERVER}/security/scope.ts:1 floor`,
    ]);
  });

  it('fails on the bottom floor importing the middle one, and a floor under the modules importing the top', () => {
    expect(
      breaches({
        [`${SERVER}/hubs/fanout.ts`]: VALUE,
        [`${SERVER}/app.ts`]: VALUE,
        [`${SERVER}/db/database.ts`]: "import { value } from '../hubs/fanout.ts';\nexport const a = value;\n",
        [`${SERVER}/integrations/steam/live.ts`]:
          "import { value } from '../../app.ts';\nexport const b = value;\n",
      }),
    ).toEqual([`${SERVER}/db/database.ts:1 floor`, `${SERVER}/integrations/steam/live.ts:1 floor`]);
  });
});

describe('the SQL fence', () => {
  it('fails on raw SQL in a service: a sql template, sql.raw, a query call with SQL text, Drizzle and the tables', () => {
    expect(
      breaches({
        [`${SERVER}/db/schema.ts`]: 'export const lots = {};\n',
        [`${SERVER}/modules/lots/service.ts`]: [
          "import { sql as q } from 'drizzle-orm';",
          "import { lots } from '../../db/schema.ts';",
          'export const a = q`select * from lots`;',
          "export const b = q.raw('select 1');",
          'export const c = (db: { execute(s: string): void }) => db.execute(`delete from lots`, lots);',
          "export const d = (client: { query(s: string): void }) => client.query('select 1');",
        ].join('\n'),
      }),
    ).toEqual([
      `${SERVER}/modules/lots/service.ts:1 sql`,
      `${SERVER}/modules/lots/service.ts:2 sql`,
      `${SERVER}/modules/lots/service.ts:3 sql`,
      `${SERVER}/modules/lots/service.ts:4 sql`,
      `${SERVER}/modules/lots/service.ts:5 sql`,
      `${SERVER}/modules/lots/service.ts:6 sql`,
    ]);
  });
});

describe('the HTTP fence', () => {
  it('fails on fetch in a web feature, and on other HTTP clients outside the sdk and the integrations', () => {
    expect(
      breaches({
        [`${WEB}/features/lots/load.ts`]: "export const load = () => fetch('/api/lots');\n",
        [`${WEB}/shared/beacon.ts`]:
          "export const a = () => window.fetch('/x');\nexport const b = () => navigator.sendBeacon('/y');\nexport const c = new XMLHttpRequest();\n",
        'packages/cli/src/commands/get.ts':
          "import https from 'node:https';\nimport { request } from 'node:http';\nexport const a = () => https.get('https://x');\nexport const b = () => request('http://y');\n",
        [`${SERVER}/modules/rates/service.ts`]:
          "import { request } from 'undici';\nexport const a = request;\n",
      }),
    ).toEqual([
      'packages/cli/src/commands/get.ts:3 http',
      'packages/cli/src/commands/get.ts:4 http',
      `${SERVER}/modules/rates/service.ts:1 http`,
      `${WEB}/features/lots/load.ts:1 http`,
      `${WEB}/shared/beacon.ts:1 http`,
      `${WEB}/shared/beacon.ts:2 http`,
      `${WEB}/shared/beacon.ts:3 http`,
    ]);
  });
});

describe('the query-key fence', () => {
  it("fails on a raw useQuery({ queryKey: ['lots'] }) outside the shared query layer", () => {
    expect(
      breaches({
        [`${WEB}/features/lots/lots-page.tsx`]:
          "import { useQuery } from '@tanstack/react-query';\nexport const useLots = () =>\n  useQuery({ queryKey: ['lots'], queryFn: () => [] });\n",
      }),
    ).toEqual([`${WEB}/features/lots/lots-page.tsx:3 query-key`]);
  });
});
