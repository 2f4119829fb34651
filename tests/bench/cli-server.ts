// The server side of the CLI start-up benchmark; runs inside packages/cli (for its dependencies). See cli.mjs.
// Starts a sandbox server with one signed-in user, one Steam account and 60 proxies, prints what the CLI needs
// as one JSON line, and stops when its standard input closes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedInUser, startCliServer } from '../../packages/cli/test/helpers/cli-server.ts';
import { distributeImportArgs, writeSandboxSet } from '../../packages/cli/test/helpers/sandbox-set.ts';
import { runCli } from '../../packages/cli/test/run-cli.ts';

const server = await startCliServer({ mode: 'sandbox' });
const { env, accessToken } = await signedInUser(server, 'bench-cli@example.test');
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-bench-cli-'));
const proxies = Array.from({ length: 60 }, (_, i) => `10.50.0.${i + 1}:8080`).join('\n');
await runCli(['proxies', 'import', '-', '--tag', 'bench'], env, undefined, proxies);
const set = await writeSandboxSet(dir, 1, []);
const added = await runCli(distributeImportArgs(set, 'bench'), env);
if (added.code !== 0) throw new Error(`the bench account was not added: ${added.stderr}`);
process.stdout.write(
  `${JSON.stringify({ url: server.url, token: accessToken, login: set.accounts[0]!.login })}\n`,
);
process.stdin.resume();
process.stdin.once('end', async () => {
  await server.stop();
  process.exit(0);
});
