import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBundle } from '../../../server/test/helpers/server-bundle.ts';
import { shellQuote } from './tmux.ts';

const ENTRY = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/** The CLI package folder: terminal tests run their scripts from it, as `tsx` resolves from there. */
export const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The sources a `tradedeck` process runs: the CLI's and the sdk's (bundled in, as `pnpm build` bundles them). */
const CLI_SOURCES = [
  join(CLI_DIR, 'src'),
  join(CLI_DIR, 'package.json'),
  join(CLI_DIR, '../sdk/src'),
  join(CLI_DIR, '../sdk/package.json'),
];

/** `TRADEDECK_TEST_CLI=sources` runs the CLI's processes from the TypeScript sources through tsx instead. */
const FROM_SOURCES = process.env.TRADEDECK_TEST_CLI === 'sources';

/**
 * The node arguments of a `tradedeck` process in a test: a bundle of the current sources, built by esbuild once per
 * change of the sources into a folder of the CLI's `node_modules/.cache` (its dependencies resolve from there as
 * from `dist`), split into files as `pnpm build` splits it, so a command loads only its own. Through tsx every
 * command spent 1.7-2.2 s of CPU loading the sources, one file of everything 1.1 s, the split bundle 0.4-0.5 s
 * (as the built CLI); a terminal file runs ten to thirty commands.
 */
export function cliEntry(): string[] {
  if (FROM_SOURCES) return ['--import', 'tsx', ENTRY];
  return [
    cachedBundle({
      entry: ENTRY,
      sources: CLI_SOURCES,
      prefix: 'tradedeck-test-cli-',
      folder: join(CLI_DIR, 'node_modules/.cache'),
      split: true,
      // As `pnpm build` (tsup) bundles it: the CLI's dependencies load from node_modules, the sdk and what it
      // depends on are bundled in.
      external: dependencies,
    }),
  ];
}

/** `node <the CLI>` as a shell command line (run it from `CLI_DIR` when the sources are asked for). */
export function cliProcess(): string {
  return [process.execPath, ...cliEntry()].map(shellQuote).join(' ');
}

/** The CLI's own dependencies (a name stands for its subpaths too). */
function dependencies(): string[] {
  const { dependencies = {} } = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(dependencies).filter((name) => !name.startsWith('@tradedeck/'));
}

/**
 * The shell command of the CLI signed in against a test server. CI=true would make Ink print only the last frame;
 * these terminals are interactive.
 */
export function cliCommand(options: { configDir: string; server: string; token: string }): string {
  const environment = [
    `TRADEDECK_CONFIG_DIR=${shellQuote(options.configDir)}`,
    `TRADEDECK_SERVER=${options.server}`,
    `TRADEDECK_TOKEN=${options.token}`,
    'LANG=C.UTF-8',
  ].join(' ');
  return `env -u CI ${environment} ${cliProcess()}`;
}

/** The CLI without a session, for commands that sign in themselves. */
export function bareCliCommand(configDir: string): string {
  return `TRADEDECK_CONFIG_DIR=${configDir} LANG=C.UTF-8 ${cliProcess()}`;
}
