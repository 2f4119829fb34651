#!/usr/bin/env node
// Prints the test files that cost the most CPU in CI's vitest suites, from the lines vitest.file-cpu.ts wrote under
// each suite's report folder: a file's worker CPU, its ended child processes' CPU, and its wall time. The wall-time
// list (ci-slow-files.mjs) mixes waiting with work; this one is what a faster suite on two cores has to cut.
// Informational: it fails nothing. `node scripts/ci-file-cpu.mjs .ci/out`.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFiles } from './ci-reports.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = process.argv[2] ?? '.ci/out';
const SHOWN = 20;

const files = [];
const totals = new Map();
for (const path of reportFiles(root, '.jsonl')) {
  if (!path.endsWith(join('file-cpu', basename(path)))) continue;
  const run = relative(root, dirname(dirname(path))) || '.';
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    const line = JSON.parse(text);
    const cpuMs = line.ownMs + line.childrenMs;
    const label = `${run}/${line.project}`;
    files.push({
      label,
      file: relative(repo, line.file),
      cpuMs,
      childrenMs: line.childrenMs,
      wallMs: line.wallMs,
    });
    totals.set(label, (totals.get(label) ?? 0) + cpuMs);
  }
}
if (files.length === 0) {
  console.log('no CPU per test file was recorded');
  process.exit(0);
}
for (const [label, cpuMs] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`${seconds(cpuMs).padStart(8)} s of CPU in the files of [${label}]`);
}
files.sort((a, b) => b.cpuMs - a.cpuMs);
console.log(
  `dearest ${Math.min(SHOWN, files.length)} test files of ${files.length} by CPU (of it, child processes; wall):`,
);
for (const { label, file, cpuMs, childrenMs, wallMs } of files.slice(0, SHOWN)) {
  console.log(
    `${seconds(cpuMs).padStart(8)} s  (${seconds(childrenMs)} s; ${seconds(wallMs)} s)  [${label}] ${file}`,
  );
}

function seconds(ms) {
  return (ms / 1000).toFixed(1);
}
