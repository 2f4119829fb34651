// maFile extraction speed: 5,000 synthetic maFiles of every variant (1% broken) through the sdk reader,
// as the server's extractMafiles and the web wizard run it. Target: under 3 s. Also shows the cost of
// SDA-encrypted files (50,000 PBKDF2 rounds each, by design) and of building the wizard rows.
// The TypeScript sources are loaded directly with tsx's tsImport API (no build step).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateMafileCorpus } from './_mafile-corpus.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const COUNT = 5000;
const ENCRYPTED = 40;
const RUNS = 3;

async function loadDomain() {
  // tsx is a dev dependency of the server package; resolve it from there.
  const require = createRequire(`${root}packages/server/package.json`);
  const tsxDir = dirname(require.resolve('tsx/package.json'));
  const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
  return tsImport(`${root}packages/sdk/src/domain/index.ts`, import.meta.url);
}

export async function run() {
  const domain = await loadDomain();
  const uploads = generateMafileCorpus(COUNT);
  const megabytes = uploads.reduce((sum, u) => sum + u.content.byteLength, 0) / 1e6;

  const times = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = await domain.extractMafiles(uploads, { tryExtractProxy: true });
    times.push(performance.now() - start);
  }
  const best = Math.min(...times);
  console.log(
    `extract ${COUNT} maFiles (${megabytes.toFixed(1)} MB): best ${(best / 1000).toFixed(3)} s of ${RUNS}` +
      ` [${times.map((t) => (t / 1000).toFixed(3)).join(', ')}] — target < 3 s ${best < 3000 ? 'OK' : 'MISSED'}`,
  );
  console.log(`  read ${result.extracted.length}, refused ${result.invalid.length}`);

  const rowsStart = performance.now();
  const rows = domain.addMafileRows([], result.extracted);
  const text = rows.map((row) => `${row.login}:pw`).join('\n');
  domain.mergeAccountLines(rows, domain.parseAccountLines(text).accounts);
  console.log(
    `wizard rows + ${rows.length} text lines merged: ${((performance.now() - rowsStart) / 1000).toFixed(3)} s`,
  );

  const encrypted = generateMafileCorpus(ENCRYPTED, { encrypt: ENCRYPTED, passkey: 'bench' });
  const encStart = performance.now();
  const decrypted = await domain.extractMafiles(encrypted, { passkey: 'bench' });
  const encSeconds = (performance.now() - encStart) / 1000;
  console.log(
    `decrypt ${ENCRYPTED} SDA-encrypted maFiles: ${encSeconds.toFixed(3)} s (${((encSeconds / ENCRYPTED) * 1000).toFixed(0)} ms each; read ${decrypted.extracted.length})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
