#!/usr/bin/env node
// Sums the JSON reports of every suite CI ran (vitest and Playwright) into one line: "N passed, N failed",
// after naming each failed test with the first line of its error, so the tail of a CI log says what broke.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { reportFiles } from './ci-reports.mjs';

const root = process.argv[2] ?? '.ci/out';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const MAX_NAMED = 40;

for (const file of reportFiles(root)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    for (const failure of playwrightFailures(report.suites ?? [])) failures.push({ file, ...failure });
  } else if ('numPassedTests' in report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const failure of vitestFailures(report)) failures.push({ file, ...failure });
  }
}

for (const { file, name, error } of failures.slice(0, MAX_NAMED)) {
  console.log(`failed [${relative(root, file)}] ${name}${error ? ` -- ${error}` : ''}`);
}
if (failures.length > MAX_NAMED) console.log(`failed: ${failures.length - MAX_NAMED} more`);

const line = `${totals.passed} passed, ${totals.failed} failed`;
console.log(totals.skipped ? `${line}, ${totals.skipped} skipped` : line);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);

/** The first meaningful line of an error text, without colour codes, at most 200 characters. */
function firstLine(text) {
  const line = stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  // Vitest gives a test or hook that ran out of time the stack of the place it was declared, whose first line is
  // its placeholder, not the timeout's message.
  if (line === 'Error: STACK_TRACE_ERROR') return "timed out (the test's or hook's timeout)";
  return line ? line.slice(0, 200) : '';
}

function* vitestFailures(report) {
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      yield { name: `${file.name}: ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) };
    }
    // A file that failed outside its tests (an import error, a hook) has no failed test to name.
    if (failed.length === 0 && file.status === 'failed')
      yield { name: file.name, error: firstLine(file.message) };
  }
}

function* playwrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        yield { name: `[${test.projectName}] ${[...path, spec.title].join(' > ')}`, error: firstLine(error) };
      }
    }
    yield* playwrightFailures(suite.suites ?? [], path);
  }
}
