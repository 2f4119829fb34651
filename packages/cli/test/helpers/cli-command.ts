import { fileURLToPath } from 'node:url';
import { shellQuote } from './tmux.ts';

const ENTRY = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/** The CLI package folder: terminal tests run their scripts from it, as `tsx` resolves from there. */
export const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));

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
  return `env -u CI ${environment} ${process.execPath} --import tsx ${ENTRY}`;
}

/** The CLI without a session, for commands that sign in themselves. */
export function bareCliCommand(configDir: string): string {
  return `TRADEDECK_CONFIG_DIR=${configDir} LANG=C.UTF-8 ${process.execPath} --import tsx ${ENTRY}`;
}
