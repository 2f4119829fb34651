#!/usr/bin/env node
// Sums the JSON reports of every suite CI ran (vitest and Playwright) into one line: "N passed, N failed".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? '.ci/out';
const totals = { passed: 0, failed: 0, skipped: 0 };

for (const file of walk(root)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else if ('numPassedTests' in report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}

const line = `${totals.passed} passed, ${totals.failed} failed`;
console.log(totals.skipped ? `${line}, ${totals.skipped} skipped` : line);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);

function* walk(dir) {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (name.endsWith('.json')) yield path;
  }
}
