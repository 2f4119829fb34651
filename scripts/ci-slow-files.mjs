#!/usr/bin/env node
// Reads the JSON reports of every suite CI ran (vitest and Playwright), prints the 20 slowest test files, and
// fails when a file took longer than 60 s unless scripts/ci-slow-files.txt names it (or a pattern of it) with a
// reason. `node scripts/ci-slow-files.mjs .ci/out [limit-seconds]`.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFiles } from './ci-reports.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = process.argv[2] ?? '.ci/out';
const limit = Number(process.argv[3] ?? 60);
const SHOWN = 20;

const slowList = readSlowList(join(repo, 'scripts/ci-slow-files.txt'));
const files = [];
for (const report of reportFiles(root)) {
  const suite = relative(root, report).replace(/\.json$/, '');
  const json = JSON.parse(readFileSync(report, 'utf8'));
  if (Array.isArray(json.testResults)) {
    for (const file of json.testResults) {
      if (typeof file.startTime === 'number' && typeof file.endTime === 'number')
        files.push({ suite, file: repoPath(file.name), seconds: (file.endTime - file.startTime) / 1000 });
    }
  } else if (Array.isArray(json.suites)) {
    const testDir = json.config?.rootDir ?? repo;
    for (const suiteOfFile of json.suites) {
      files.push({
        suite,
        file: repoPath(join(testDir, suiteOfFile.file)),
        seconds: playwrightMs(suiteOfFile) / 1000,
      });
    }
  }
}

files.sort((a, b) => b.seconds - a.seconds);
console.log(`slowest ${Math.min(SHOWN, files.length)} test files of ${files.length}:`);
for (const { suite, file, seconds } of files.slice(0, SHOWN)) {
  const mark = seconds > limit ? (reasonFor(file) ? ' (marked slow)' : ' (over the limit)') : '';
  console.log(`${seconds.toFixed(1).padStart(8)} s  [${suite}] ${file}${mark}`);
}
const unmarked = files.filter(({ file, seconds }) => seconds > limit && !reasonFor(file));
for (const { suite, file, seconds } of unmarked) {
  console.log(
    `test file slower than ${limit} s: [${suite}] ${file} took ${seconds.toFixed(1)} s; make it faster, or add it to scripts/ci-slow-files.txt with the reason`,
  );
}
process.exit(unmarked.length > 0 ? 1 : 0);

/** `path-or-pattern  reason` lines; `*` matches within a folder, `**` across folders; `#` starts a comment. */
function readSlowList(path) {
  const entries = [];
  for (const [index, raw] of readFileSync(path, 'utf8').split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, pattern, reason] = /^(\S+)\s+(.*\S)$/.exec(line) ?? [];
    if (!pattern || !reason) {
      console.log(`${relative(repo, path)}:${index + 1}: a slow file needs its reason after the path`);
      process.exit(1);
    }
    entries.push({ pattern: globToRegExp(pattern), reason });
  }
  return entries;
}

function reasonFor(file) {
  return slowList.find(({ pattern }) => pattern.test(file))?.reason;
}

function globToRegExp(glob) {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) =>
      part === '**/'
        ? '(?:.*/)?'
        : part === '**'
          ? '.*'
          : part === '*'
            ? '[^/]*'
            : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function repoPath(path) {
  return relative(repo, resolve(path)).split('\\').join('/');
}

function playwrightMs(suite) {
  let total = 0;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? []) total += result.duration ?? 0;
  }
  for (const child of suite.suites ?? []) total += playwrightMs(child);
  return total;
}
