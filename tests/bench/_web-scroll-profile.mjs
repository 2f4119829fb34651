#!/usr/bin/env node
/**
 * Where the 100,000-row scroll's frame time goes (a diagnostic beside `pnpm bench web`): scrolls the /dev/table
 * fixture 120 steps of 480 px under a Chromium trace with style-invalidation tracking, then prints the renderer
 * main thread's time by event (self thread time), the elements restyled per frame and what invalidated them.
 * `node tests/bench/_web-scroll-profile.mjs [web root]` (default: the fixtures build, built by `pnpm bench web`);
 * it starts the benchmark's server on it.
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { FIXTURES_WEB_ROOT } from './_web-fixtures-build.mjs';
import { startServer } from './web.mjs';

const WEB_ROOT = process.argv[2] ? `${resolve(process.argv[2])}/` : FIXTURES_WEB_ROOT;
const STEPS = Number(process.env.STEPS ?? 120);

const server = await startServer(WEB_ROOT);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${server.url}/dev/table?rows=100000&mode=virtual`);
  await page.locator('tbody tr').first().waitFor();
  await page.waitForTimeout(1000);
  const scroll = (steps) =>
    page.evaluate(async (n) => {
      const scroller = document.querySelector('[role="grid"]').parentElement;
      for (let i = 0; i < n; i++) {
        scroller.scrollTop += 480;
        await new Promise((r) => requestAnimationFrame(r));
      }
    }, steps);
  await scroll(30);
  // A sampled CPU profile of the same kind of steps first: which functions the script time goes to.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await scroll(STEPS);
  const { profile } = await cdp.send('Profiler.stop');
  const selfByFn = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    selfByFn.set(key, (selfByFn.get(key) ?? 0) + (deltas[i] ?? 0));
  });
  console.log('CPU profile, self time per step:');
  for (const [k, t] of [...selfByFn].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(t / 1000 / STEPS).toFixed(3).padStart(7)} ms  ${k}`);
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.invalidationTracking',
      'blink,blink.user_timing',
    ],
  });
  await scroll(STEPS);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents ?? trace;
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const mine = events.filter((e) => main.has(`${e.pid}:${e.tid}`));
  // Self thread time per event name, from the complete (X) events' nesting.
  const complete = mine
    .filter((e) => e.ph === 'X' && typeof e.tdur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  for (const e of complete) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.tdur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.tdur);
    stack.push(e);
  }
  const tasks = complete.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const total = tasks.reduce((s, e) => s + e.tdur, 0);
  console.log(`steps ${STEPS}; main thread ${(total / 1000 / STEPS).toFixed(2)} ms per step`);
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(t / 1000 / STEPS).toFixed(3).padStart(7)} ms  ${name}`);
  const recalc = complete.filter((e) => e.name === 'UpdateLayoutTree');
  const elements = recalc.reduce((s, e) => s + (e.args?.elementCount ?? 0), 0);
  console.log(
    `style recalcs: ${(recalc.length / STEPS).toFixed(1)} per step, ${(elements / STEPS).toFixed(0)} elements per step`,
  );
  const layouts = complete.filter((e) => e.name === 'Layout');
  const dirty = layouts.reduce((s, e) => s + (e.args?.beginData?.dirtyObjects ?? 0), 0);
  console.log(
    `layouts: ${(layouts.length / STEPS).toFixed(1)} per step, ${(dirty / STEPS).toFixed(0)} dirty objects per step`,
  );
  const reasons = new Map();
  for (const e of mine.filter(
    (x) =>
      x.name === 'StyleRecalcInvalidationTracking' ||
      x.name === 'StyleInvalidatorInvalidationTracking' ||
      x.name === 'ScheduleStyleInvalidationTracking',
  )) {
    const d = e.args?.data ?? {};
    const key = `${e.name.replace('InvalidationTracking', '')}: ${d.reason ?? d.changedAttribute ?? d.changedClass ?? d.changedId ?? d.changedPseudo ?? '?'} ${d.nodeName ?? ''}`;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  for (const [k, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${(n / STEPS).toFixed(1).padStart(6)}/step  ${k}`);
  const forced = mine.filter((e) => e.name === 'UpdateLayoutTree' && e.args?.beginData?.stackTrace);
  console.log(`forced style recalcs (with a JS stack): ${(forced.length / STEPS).toFixed(2)} per step`);
  const fns = new Map();
  for (const e of forced) {
    const f = e.args.beginData.stackTrace[0];
    const k = `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`;
    fns.set(k, (fns.get(k) ?? 0) + 1);
  }
  for (const [k, n] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${n} ${k}`);
} finally {
  await browser.close();
  await server.stop();
}
