import type { SourceFacts } from './source-facts.ts';

/** One breach: the file, its line, the fence and what crossed it. */
export interface Breach {
  file: string;
  line: number;
  fence: 'feature' | 'module' | 'floor' | 'sql' | 'http' | 'query-key';
  detail: string;
}

/** A file's facts with its imports resolved: `target` is the workspace file an import lands on, if any. */
export interface ResolvedFacts extends SourceFacts {
  file: string;
  targets: (string | null)[];
}

const WEB = 'packages/web/src/';
const FEATURES = `${WEB}features/`;
/** Web code that composes the features into the app: the router and the shell (docs/architecture.md). */
const WEB_COMPOSERS = [`${WEB}app/`];
/** The shared query layer: the only web code that spells a query key by hand. */
const WEB_QUERY_LAYER = `${WEB}shared/queries/`;

const SERVER = 'packages/server/src/';
const MODULES = `${SERVER}modules/`;
/**
 * The server's floors (docs/architecture.md, "Boundaries"). On top: `app.ts`, `server.ts`, `main.ts` and `demo/`,
 * which wire the modules together. Then `modules/`. Under them the middle floor (security, jobs, hubs,
 * integrations), then the bottom floor (db, http, config). A floor imports its own and the floors below it; the
 * floors under the modules never import a module or the top, and the bottom never imports the middle floor.
 */
const MIDDLE_FLOOR = ['security', 'jobs', 'hubs', 'integrations'].map((floor) => `${SERVER}${floor}/`);
const BOTTOM_FLOOR = ['db', 'http', 'config'].map((floor) => `${SERVER}${floor}/`);
const TOP = [`${SERVER}app.ts`, `${SERVER}server.ts`, `${SERVER}main.ts`, `${SERVER}demo/`];
const SCHEMA = /^packages\/server\/src\/db\/schema(-[a-z-]+)?\.ts$/;
const under = (file: string, floors: string[]) => floors.some((floor) => file.startsWith(floor));

/**
 * Where SQL is written: repositories (`repo.ts`, `*-repo.ts`, and the `*-sql.ts` fragments a repository composes:
 * filters, sort keys, a search), the database floor (`db/`: schema, list queries,
 * transactions), and the drivers' adapters that run SQL they are handed (the user scope's transaction, the job
 * queue's PGlite executor, the hubs' LISTEN connection).
 */
export function isSqlHome(file: string): boolean {
  if (!file.startsWith(SERVER)) return false;
  return (
    /(^|\/)(([a-z0-9-]+-)?repo|[a-z0-9-]+-sql)\.ts$/.test(file) ||
    file.startsWith(`${SERVER}db/`) ||
    [
      `${SERVER}security/user-scope.ts`,
      `${SERVER}jobs/pglite-executor.ts`,
      `${SERVER}hubs/fanout.ts`,
    ].includes(file)
  );
}

/**
 * Where calls go out over HTTP: the sdk (the API client every front end shares) and the server's integrations
 * (Steam, the marketplaces, the exchange rates, the proxy checks), which are the server's sdk for the outside.
 * One more file forwards requests: the demo's loopback proxy, which only ever reaches the demo's loopback fakes.
 */
export function isHttpHome(file: string): boolean {
  return (
    file.startsWith('packages/sdk/src/') ||
    file.startsWith(`${SERVER}integrations/`) ||
    file === `${SERVER}demo/loopback-proxies.ts`
  );
}

const featureOf = (file: string) =>
  file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0]! : null;
const moduleOf = (file: string) =>
  file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0]! : null;

/** The fences one file breaks. */
export function breachesOf(facts: ResolvedFacts): Breach[] {
  const { file } = facts;
  const breaches: Breach[] = [];
  facts.imports.forEach((fact, index) => {
    const target = facts.targets[index];
    if (!target) return;
    const at = { file, line: fact.line };
    const fromFeature = featureOf(file);
    const toFeature = featureOf(target);
    if (toFeature && file.startsWith(WEB) && fromFeature !== toFeature) {
      if (fromFeature)
        breaches.push({ ...at, fence: 'feature', detail: `feature ${fromFeature} imports ${target}` });
      else if (!WEB_COMPOSERS.some((composer) => file.startsWith(composer)))
        breaches.push({ ...at, fence: 'feature', detail: `shared web code imports ${target}` });
    }
    const toModule = moduleOf(target);
    if (toModule && file.startsWith(SERVER)) {
      const fromModule = moduleOf(file);
      const throughIndex = target === `${MODULES}${toModule}/index.ts`;
      if (fromModule !== toModule && !throughIndex)
        breaches.push({ ...at, fence: 'module', detail: `imports ${target}, not ${toModule}/index.ts` });
      else if (under(file, [...MIDDLE_FLOOR, ...BOTTOM_FLOOR]))
        breaches.push({ ...at, fence: 'floor', detail: `a floor under the modules imports ${target}` });
    }
    if (under(file, [...MIDDLE_FLOOR, ...BOTTOM_FLOOR]) && under(target, TOP))
      breaches.push({ ...at, fence: 'floor', detail: `a floor under the modules imports ${target}` });
    if (under(file, BOTTOM_FLOOR) && under(target, MIDDLE_FLOOR))
      breaches.push({ ...at, fence: 'floor', detail: `the bottom floor imports ${target}` });
    if (SCHEMA.test(target) && !fact.typeOnly && file.startsWith(SERVER) && !isSqlHome(file))
      breaches.push({ ...at, fence: 'sql', detail: `queries the tables of ${target} outside a repository` });
  });
  for (const use of facts.uses) {
    const at = { file, line: use.line };
    if (use.kind === 'sql' && file.startsWith(SERVER) && !isSqlHome(file))
      breaches.push({ ...at, fence: 'sql', detail: `${use.what} outside a repository` });
    if (use.kind === 'http' && !isHttpHome(file))
      breaches.push({
        ...at,
        fence: 'http',
        detail: `${use.what} outside the sdk and the server's integrations`,
      });
    if (use.kind === 'query-key' && file.startsWith(WEB) && !file.startsWith(WEB_QUERY_LAYER))
      breaches.push({ ...at, fence: 'query-key', detail: `${use.what} outside ${WEB_QUERY_LAYER}` });
  }
  return breaches;
}
