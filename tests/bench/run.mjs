#!/usr/bin/env node
// `pnpm bench <name>` runs tests/bench/<name>.mjs; without a name it lists the benchmarks.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.mjs') && !['run.mjs'].includes(file) && !file.startsWith('_'))
  .map((file) => file.replace(/\.mjs$/, ''));

const names = process.argv.slice(2);
if (names.length === 0) {
  console.log(`usage: pnpm bench <${available.join('|')}> [...]`);
  process.exit(2);
}
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark "${name}"; available: ${available.join(', ')}`);
    process.exit(2);
  }
  console.log(`== ${name}`);
  const bench = await import(new URL(`./${name}.mjs`, import.meta.url).href);
  await (bench.run ?? bench.main)();
}
