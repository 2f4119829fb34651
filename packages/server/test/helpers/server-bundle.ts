import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { cacheEntry, publish, SERVER, sourcesHash } from './build-cache.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const MAIN = join(SERVER, 'src/main.ts');
/** The sources a server process runs: the server's and the sdk's (bundled in, as the production build does). */
const SERVER_SOURCES = [
  join(SERVER, 'src'),
  join(SERVER, 'package.json'),
  join(SERVER, '../sdk/src'),
  join(SERVER, '../sdk/package.json'),
];
/** A test's own script (a server with test routes, a probe) also runs the test helpers it imports. */
const SCRIPT_SOURCES = [...SERVER_SOURCES, join(SERVER, 'test')];
/**
 * Bundles sit two folders below the server package (`node_modules/.cache`), so the server finds its migrations
 * (`../../drizzle`) from there as the production build does from `dist`, and its dependencies resolve from the
 * package's node_modules.
 */
const PREFIX = 'tradedeck-test-server-';

/** `TRADEDECK_TEST_SERVER=sources` runs spawned servers from the TypeScript sources through tsx instead. */
const FROM_SOURCES = process.env.TRADEDECK_TEST_SERVER === 'sources';

/**
 * The node arguments that run the server's entry point in a test's child process: a bundle of the current sources,
 * built by esbuild once per change of the sources (as `pnpm build` bundles it with tsup). A process that loaded
 * the sources through tsx spent most of its start there (4 s quiet, 20-60 s on a loaded machine, three to six
 * starts in a crash file); the bundle starts in a fraction of that.
 */
export function serverEntry(): string[] {
  return scriptEntry(MAIN);
}

/**
 * The node arguments that run a script of the server's tests in a child process (a server with test routes, a
 * probe opening the database), bundled as `serverEntry()` bundles the entry point.
 */
export function scriptEntry(script: string): string[] {
  if (FROM_SOURCES) return ['--import', TSX_LOADER, script];
  return [bundle(script)];
}

function bundle(entry: string): string {
  const name = entry === MAIN ? '' : `${basename(entry).replace(/\.[^.]+$/, '')}-`;
  return cachedBundle({
    entry,
    sources: entry === MAIN ? SERVER_SOURCES : SCRIPT_SOURCES,
    prefix: `${PREFIX}${name}`,
    // Dependencies load from node_modules as in production; the workspace's sdk (TypeScript) is bundled in.
    external: dependencies,
  });
}

const built = new Map<string, { hash: string; file: string }>();

/**
 * The file to run of a bundle of `entry`, built by esbuild once per change of `sources` into the cache (`folder`,
 * the server's `node_modules/.cache` unless given: a bundle's dependencies resolve from where it lies). `split`
 * writes a folder of the entry and its chunks, so a process loads only the parts it imports.
 */
export function cachedBundle(options: {
  entry: string;
  sources: string[];
  prefix: string;
  /** The packages left to load from node_modules, asked for when a build is due. */
  external: () => string[];
  folder?: string;
  split?: boolean;
}): string {
  const { entry, split = false } = options;
  const hash = sourcesHash(relative(SERVER, entry), options.sources);
  const known = built.get(entry);
  if (known?.hash === hash) return known.file;
  const cached = cacheEntry(options.prefix, hash, split ? '' : '.mjs', options.folder);
  if (!cached.ready) {
    esbuild().buildSync({
      entryPoints: [entry],
      ...(split
        ? { outdir: cached.partial, outExtension: { '.js': '.mjs' }, splitting: true }
        : { outfile: cached.partial }),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      external: options.external(),
    });
    publish(cached);
  }
  const file = split ? join(cached.file, `${basename(entry).replace(/\.[^.]+$/, '')}.mjs`) : cached.file;
  built.set(entry, { hash, file });
  return file;
}

/** The server's and the sdk's dependencies (a name stands for its subpaths too). */
function dependencies(): string[] {
  const names = new Set<string>();
  for (const manifest of [join(SERVER, 'package.json'), join(SERVER, '../sdk/package.json')]) {
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const name of [...Object.keys(dependencies), ...Object.keys(devDependencies)]) {
      if (!name.startsWith('@tradedeck/')) names.add(name);
    }
  }
  return [...names];
}

/** The part of esbuild's API the test bundles use. */
interface Esbuild {
  buildSync(options: {
    entryPoints: string[];
    outfile?: string;
    /** With `splitting`: the folder of the entry's file and its shared chunks. */
    outdir?: string;
    outExtension?: Record<string, string>;
    bundle: boolean;
    splitting?: boolean;
    platform: 'node';
    format: 'esm';
    target: string;
    logLevel: 'error';
    external: string[];
  }): unknown;
}

/** esbuild as tsx (the loader the sources otherwise run through) ships it. */
function esbuild(): Esbuild {
  const require = createRequire(import.meta.url);
  return require(require.resolve('esbuild', { paths: [require.resolve('tsx')] }));
}
