// Encrypted maFile import through the server: 1,000 steamguard-cli entries encrypted with Argon2idAes256 beside the
// same count with the SDA scheme (PBKDF2-SHA1, 50,000 rounds), each folder as one upload to
// steamAccounts.extractMafiles on a real server (in this process, in-memory database). Prints the time to import,
// the server's CPU (this process, decryption workers included) and the event loop's worst delay meanwhile.
// The folders share one salt per scheme so building them costs one derivation; the server derives once per entry.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const COUNT = 1000;
const PASSKEY = 'bench passkey';
const PASSWORD = 'Quartz-Lantern-42';

async function loader() {
  // tsx is a dev dependency of the server package; resolve it from there.
  const require = createRequire(`${root}packages/server/package.json`);
  const tsxDir = dirname(require.resolve('tsx/package.json'));
  const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
  return (path) => tsImport(`${root}${path}`, import.meta.url);
}

async function signedIn(server, load) {
  const { OutboxRepo } = await load('packages/server/src/modules/mail/repo.ts');
  const email = 'bench-mafiles@example.test';
  const post = (path, body) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', { email, userName: 'bench', password: PASSWORD });
  const [mail] = await new OutboxRepo(server.database.db).latest(1);
  const link = new URL(mail.link);
  await post('/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  return (await login.json()).data.accessToken;
}

async function importFolder(server, token, files) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.data]), file.name);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const res = await fetch(
    `${server.url}/api/steam-accounts/extract-mafiles?passkey=${encodeURIComponent(PASSKEY)}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
  );
  const body = await res.json();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  delay.disable();
  if (!body.success) throw new Error(`extract failed: ${JSON.stringify(body.error)}`);
  return {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    read: body.data.extractedData.length,
    refused: body.data.invalidMafiles.length,
    maxDelayMs: delay.max / 1e6,
  };
}

export async function run() {
  const load = await loader();
  const { loadConfig } = await load('packages/server/src/config/config.ts');
  const { startServer } = await load('packages/server/src/server.ts');
  const { defaultPoolSize } = await load('packages/server/src/modules/steam-accounts/decryption-pool.ts');
  const { steamguardCliFolder, syntheticAccount } = await load(
    'packages/sdk/test/steam/steamguard-cli-folder.ts',
  );

  const accounts = Array.from({ length: COUNT }, (_, n) => syntheticAccount(n));
  const folders = {
    Argon2idAes256: steamguardCliFolder(accounts, 'Argon2idAes256', PASSKEY, { oneSalt: true }),
    LegacySdaCompatible: steamguardCliFolder(accounts, 'LegacySdaCompatible', PASSKEY, { oneSalt: true }),
  };
  const server = await startServer({ ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'warn' });
  try {
    const token = await signedIn(server, load);
    console.log(
      `${COUNT} encrypted steamguard-cli entries per upload; ${defaultPoolSize()} decryption worker(s) on ${availableParallelism()} cores`,
    );
    console.log('scheme                          import     server CPU   per entry   event loop max delay');
    for (const [scheme, files] of Object.entries(folders)) {
      const result = await importFolder(server, token, files);
      if (result.read !== COUNT)
        throw new Error(`${scheme}: read ${result.read} of ${COUNT} (${result.refused} refused)`);
      console.log(
        `${scheme.padEnd(30)} ${result.seconds.toFixed(2).padStart(7)} s ${result.cpuSeconds.toFixed(2).padStart(9)} s ${((result.seconds / COUNT) * 1000).toFixed(1).padStart(8)} ms ${result.maxDelayMs.toFixed(0).padStart(10)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
