#!/usr/bin/env node
// `pnpm demo`: the panel in sandbox mode with a demo user, loopback proxies and sandbox maFiles to import.
// Builds the web app first when its build is missing or older than the sources (skip with --no-web). Stops on Ctrl+C.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(root, 'packages/server/public');
const withWeb = !process.argv.includes('--no-web');

/** The newest modification time of the files under a folder. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// A build older than the web or sdk sources would show screens that no longer match the server.
const builtAt = existsSync(join(webRoot, 'index.html')) ? statSync(join(webRoot, 'index.html')).mtimeMs : 0;
const sourcesAt = Math.max(
  ...['packages/web/src', 'packages/sdk/src'].map((dir) => newestMtime(join(root, dir))),
);
if (withWeb && builtAt < sourcesAt) {
  console.log('Building the web app…');
  execFileSync('pnpm', ['--filter', '@tradedeck/web', 'run', 'build'], { cwd: root, stdio: 'inherit' });
}

const require = createRequire(join(root, 'packages/server/package.json'));
const tsxDir = dirname(require.resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
const demo = await tsImport(join(root, 'packages/server/src/demo/run-demo.ts'), import.meta.url);

const running = await demo.runDemo({ webRoot: withWeb ? webRoot : null });
console.log(`
Tradedeck demo (sandbox mode: Steam is simulated, nothing leaves this machine)
  panel:     ${running.url}
  sign in:   ${demo.DEMO_EMAIL} / ${demo.DEMO_PASSWORD}
  proxies:   ${running.proxies.length} loopback proxies under the tag "${demo.DEMO_PROXY_TAG}"
  maFiles:   ${running.importSet.mafileDir}
  accounts:  ${running.importSet.linesFile}  (login:password lines for the wizard's text step)
  The set holds ${running.importSet.accounts.length} accounts: healthy ones and one per failure case
  (sandbox_invalid_password, sandbox_rate_limited, …), each giving its add reason.
  CLI:       pnpm tradedeck --server ${running.url} accounts import --mafiles ${running.importSet.mafileDir} --lines ${running.importSet.linesFile}
Press Ctrl+C to stop.
`);

const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
