#!/usr/bin/env node
// `pnpm demo`: the panel in sandbox mode with a demo user, loopback proxies and sandbox maFiles to import.
// Builds the web app first when its build is missing or older than the sources (skip with --no-web), and the CLI
// when its build is missing or older, signs the CLI in for the printed import command. Stops on Ctrl+C.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(root, 'packages/server/public');
const cliEntry = join(root, 'packages/cli/dist/index.js');
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
// The printed command runs the built CLI (`pnpm tradedeck`).
const cliBuiltAt = existsSync(cliEntry) ? statSync(cliEntry).mtimeMs : 0;
const cliSourcesAt = Math.max(
  ...['packages/cli/src', 'packages/sdk/src'].map((dir) => newestMtime(join(root, dir))),
);
if (cliBuiltAt < cliSourcesAt) {
  console.log('Building the command line…');
  execFileSync('pnpm', ['--filter', '@tradedeck/cli', 'run', 'build'], { cwd: root, stdio: 'inherit' });
}

const require = createRequire(join(root, 'packages/server/package.json'));
const tsxDir = dirname(require.resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
const demo = await tsImport(join(root, 'packages/server/src/demo/run-demo.ts'), import.meta.url);

const running = await demo.runDemo({
  webRoot: withWeb ? webRoot : null,
  progress: (line) => console.log(line),
});
// The CLI signs in to its own settings directory, so the printed command works as it is (asynchronously: the
// server answering it runs in this process).
await new Promise((resolve, reject) => {
  const child = execFile(
    process.execPath,
    [cliEntry, '--server', running.url, 'login', '--email', demo.DEMO_EMAIL, '--password-stdin'],
    { env: { ...process.env, TRADEDECK_CONFIG_DIR: running.cliConfigDir, TRADEDECK_LANG: 'en' } },
    (error, _stdout, stderr) =>
      error ? reject(new Error(`the CLI could not sign in: ${stderr}`)) : resolve(),
  );
  child.stdin.end(`${demo.DEMO_PASSWORD}\n`);
});
console.log(`
Tradedeck demo (sandbox mode: Steam is simulated, nothing leaves this machine)
  panel:     ${running.url}
  sign in:   ${demo.DEMO_EMAIL} / ${demo.DEMO_PASSWORD}
  proxies:   ${running.proxies.length} loopback proxies under the tag "${demo.DEMO_PROXY_TAG}"
  maFiles:   ${running.importSet.mafileDir}
  accounts:  ${running.importSet.linesFile}  (login:password lines for the wizard's text step)
  The set holds ${running.importSet.accounts.length} accounts: healthy ones and one per failure case
  (sandbox_invalid_password, sandbox_rate_limited, …), each giving its add reason.
  Import them all with the CLI (signed in already; run it in the repository's folder):
    ${running.importCommand}
  It spreads the accounts over the proxies of "${demo.DEMO_PROXY_TAG}", ${running.maxPerProxy} at most per proxy: every healthy
  account is added, and each failure case fails with its reason.
  Codes mailed to the demo user appear here (the demo has no mail server): enabling 2FA, starting a seller,
  transfers and other steps that ask for the code sent by e-mail.
  The sandbox market: connecting a seller asks for its API key, sandbox-tm-<login> (any payment password of 6+
  characters); a transfer asks for the sender's payment password on the market:
${running.marketAccounts.map((account) => `    ${account.login}: API key ${account.apiKey}, payment password ${account.paymentPassword}`).join('\n')}
Press Ctrl+C to stop.
`);
running.followMail((line) => console.log(line));

const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
