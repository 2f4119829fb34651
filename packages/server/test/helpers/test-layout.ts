import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The naming convention of docs/testing.md: a pure test (no app, database or process) is `*.unit.test.ts(x)` in the
 * server and the CLI; in the sdk and the web every test is pure unless named `*.app.test.ts(x)` (the sdk has none).
 */
export function kindOf(file: string): 'pure' | 'app' {
  const [, pkg] = /^packages\/([^/]+)\//.exec(file) ?? [];
  if (pkg === 'sdk' || pkg === 'web') return /\.app\.test\.tsx?$/.test(file) ? 'app' : 'pure';
  return /\.unit\.test\.tsx?$/.test(file) ? 'pure' : 'app';
}

/** Every test file of the packages, relative to the repository's root, with forward slashes. */
export function testFilesOf(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name)) files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const pkg of readdirSync(join(root, 'packages'))) {
    for (const dir of ['src', 'test'])
      if (existsSync(join(root, 'packages', pkg, dir))) walk(join(root, 'packages', pkg, dir));
  }
  return files.sort();
}

/** Test helpers that open an app, a database or a process. */
const FORBIDDEN_HELPERS =
  /\/test\/(helpers\/(test-app|test-database|spawn-server|spawned-api|pglite-template)|hubs\/postgres-cluster)\.ts$/;
/** Modules that start a process or a database. */
const FORBIDDEN_MODULES =
  /^((node:)?child_process|@electric-sql\/pglite(\/.*)?|pg|@tradedeck\/server(\/.*)?)$/;
/** Server sources that build the app, open the database or run the demo. */
const FORBIDDEN_SOURCES = /packages\/server\/src\/(app\.ts|main\.ts|server\.ts|db\/|demo\/)/;

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | null {
  const path = resolve(dirname(from), specifier);
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (existsSync(candidate) && !readdirSafe(candidate)) return candidate;
  }
  return null;
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/** What a file's walk meets: a file read (the test file and the test helpers it imports), or one of its imports. */
type Reached =
  | { kind: 'file'; path: string; text: string }
  | { kind: 'module'; specifier: string }
  | { kind: 'import'; path: string; target: string };

/**
 * Walks a test file's imports and those of the test files it imports (`follow` says which; sources are followed
 * no further: importing a module is not running it).
 */
function* reachedFrom(file: string, root: string, follow: (path: string) => boolean): Generator<Reached> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const text = readFileSync(current, 'utf8');
    yield { kind: 'file', path: relative(root, current).split(sep).join('/'), text };
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2] ?? match[3])!;
      if (!specifier.startsWith('.')) {
        yield { kind: 'module', specifier };
        continue;
      }
      const target = resolveImport(current, specifier);
      if (!target) continue;
      const path = relative(root, target).split(sep).join('/');
      yield { kind: 'import', path, target };
      if (/(^|\/)test\//.test(path) && follow(path)) queue.push(target);
    }
  }
}

/** What a test file reaches that a pure test must not: its own imports and those of the test helpers it imports. */
export function forbiddenImports(file: string, root: string): string[] {
  const forbidden = (path: string) => FORBIDDEN_HELPERS.test(`/${path}`) || FORBIDDEN_SOURCES.test(path);
  const found: string[] = [];
  for (const reached of reachedFrom(file, root, (path) => !forbidden(path))) {
    if (reached.kind === 'module' && FORBIDDEN_MODULES.test(reached.specifier)) found.push(reached.specifier);
    if (reached.kind === 'import' && forbidden(reached.path)) found.push(reached.path);
  }
  return found;
}

/**
 * Whether a test file runs differently on `TEST_DATABASE_URL`: it, or a test helper it reaches, reads it or opens
 * the test database (`test/helpers/test-database.ts`). A file that does not (a data directory's modes, the
 * embedded database's own tests, a fake Steam) runs the same twice, so CI's Postgres run leaves it out
 * (`TRADEDECK_DATABASE_FILES_ONLY`, vitest.config.ts).
 */
export function reachesDatabaseChoice(file: string, root: string): boolean {
  for (const reached of reachedFrom(file, root, () => true)) {
    if (reached.kind === 'file' && reached.text.includes('TEST_DATABASE_URL')) return true;
    if (reached.kind === 'import' && /(^|\/)test\/helpers\/test-database\.ts$/.test(reached.path))
      return true;
  }
  return false;
}

/**
 * The server's test files and helpers outside `test/auth/` that sign up through the HTTP flow (`signUp`,
 * `signUpAdmin`: registration, mail and argon2) instead of `signedInUser`/`signedInAdmin` (docs/testing.md).
 */
export function signUpOutsideAuth(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const inRepo = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (inRepo !== 'packages/server/test/auth') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && /\bsignUp(Admin)?\(/.test(readFileSync(path, 'utf8'))) {
        found.push(inRepo);
      }
    }
  };
  walk(join(root, 'packages/server/test'));
  return found.sort();
}
