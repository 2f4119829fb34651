#!/usr/bin/env node
/**
 * Web shell benchmark (`pnpm bench web`), in Debian Chromium against the built app on a real server:
 *  - Mod+K to the palette painted (p50/p95, target p95 < 50 ms);
 *  - frames while scrolling a 100,000-row table for 5 s (target: no frame over 50 ms, median at 60 fps);
 *  - gzip size of the JS a whole first visit downloads (landing page, sign-in, dashboard until the network is idle:
 *    limit 200 KB, every file counted once), then of the landing page and the panel's first screen alone (targets:
 *    landing < 100 KB, panel < 200 KB, counting every file whose download started before the heading was painted).
 *    Sizes are measured on the production build (`packages/server/public`, what a visitor downloads); the
 *    palette and the scroll use the fixtures build, which adds the development routes.
 * `WEB_BENCH_ROOT=<dir>` serves another fixtures build (e.g. one of the code before a change, to alternate the two
 * under the same load); `WEB_BENCH_PARTS=size,palette,scroll` runs some parts only; `WEB_BENCH_FILES=1` lists
 * the files. `tests/bench/_web-scroll-profile.mjs` shows where a scroll step's time goes.
 * Prints figures; it never fails on a missed target (that is a judgement for people, not for CI). Frame times
 * depend on the machine's load: compare runs made on a quiet machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureFixturesBuild, FIXTURES_WEB_ROOT, PRODUCTION_WEB_ROOT } from './_web-fixtures-build.mjs';

/**
 * The built app the benchmark serves: the fixtures build, or `WEB_BENCH_ROOT` (another copy of a fixtures build,
 * e.g. of the code before a change, to compare the two side by side under the same load).
 */
const WEB_ROOT = process.env.WEB_BENCH_ROOT ? `${resolve(process.env.WEB_BENCH_ROOT)}/` : FIXTURES_WEB_ROOT;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PALETTE_RUNS = 40;
const SCROLL_MS = 5000;
const ROWS = 100_000;
/** `WEB_BENCH_PARTS=size,palette,scroll` (any of them) runs only those parts; all by default. */
const PARTS = new Set((process.env.WEB_BENCH_PARTS ?? 'size,palette,scroll').split(','));

/** The server on a free loopback port, serving the built app from `webRoot`. */
export function startServer(webRoot = WEB_ROOT) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: `${ROOT}packages/server`,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      // The confirmation link of the benchmark's user is read from the log.
      LOG_LEVEL: 'info',
      TRADEDECK_OUTBOX_LOG_LINKS: 'on',
      TRADEDECK_DATA_DIR: 'memory://',
      TRADEDECK_WEB_ROOT: webRoot,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Tradedeck panel: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          log: () => output,
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

/** Registers, confirms (the link from the outbox in the log) and signs in one user: a real session. */
async function createSession(server) {
  const email = 'bench@example.test';
  const password = 'Quartz-Lantern-42';
  const post = async (path, body) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = await res.json();
    if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
    return { data: envelope.data, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
  };
  await post('/api/auth/register', { email, userName: 'bench', password });
  let link = null;
  for (let i = 0; i < 200 && !link; i++) {
    const line = server
      .log()
      .split('\n')
      .find((l) => l.includes('mail kept in the outbox') && l.includes(email));
    link = line ? JSON.parse(line).mail.link : null;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no confirmation mail in the server log');
  const params = new URL(link).searchParams;
  await post('/api/auth/confirm-email', { userId: params.get('userId'), code: params.get('code') });
  const login = await post('/api/auth/login', { email, password });
  const [name, value] = login.cookie.split('=');
  return {
    token: JSON.stringify(login.data),
    cookie: { name, value, url: server.url },
    credentials: { email, password },
  };
}

async function signIn(page, url, session) {
  await page.context().addCookies([session.cookie]);
  await page.goto(`${url}/`);
  await page.evaluate((token) => localStorage.setItem('tradedeck.accessToken', token), session.token);
  // The landing page's own chunks are not the next page's.
  await page.waitForLoadState('networkidle');
}

/** Time from the Mod+K keydown to the first frame painted with the palette in it. */
async function paletteLatency(browser, url, session) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(page, url, session);
  await page.goto(`${url}/panel/dashboard`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const samples = [];
  for (let i = 0; i < PALETTE_RUNS; i++) {
    await page.evaluate(() => {
      window.__paletteDone = new Promise((resolve) => {
        const onKey = (event) => {
          if (event.code !== 'KeyK') return;
          window.removeEventListener('keydown', onKey, true);
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-testid="command-palette"]')) return;
            observer.disconnect();
            // The frame after the one that rendered it has been painted.
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          });
          observer.observe(document.body, { childList: true, subtree: true });
        };
        window.addEventListener('keydown', onKey, true);
      });
    });
    await page.keyboard.press('Control+k');
    samples.push(await page.evaluate(() => window.__paletteDone));
    await page.keyboard.press('Escape');
    await page.getByTestId('command-palette').waitFor({ state: 'detached' });
  }
  await page.close();
  return samples;
}

/** Frame durations while the 100k-row table scrolls continuously for 5 s. */
async function scrollFrames(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${url}/dev/table?rows=${ROWS}&mode=virtual`);
  await page.getByRole('grid').waitFor();
  await page.locator('tbody tr').first().waitFor();
  // Settle after load (fonts, first layout), then a short warm-up scroll back to the top.
  await page.waitForTimeout(1000);
  await page.evaluate(async () => {
    const scroller = document.querySelector('[role="grid"]').parentElement;
    for (let i = 0; i < 30; i++) {
      scroller.scrollTop += 480;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    scroller.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  // A Chromium trace of the scroll: the renderer main thread's CPU time does not grow with the machine's load
  // the way frame times do.
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const result = await page.evaluate(
    ({ duration }) =>
      new Promise((resolve) => {
        const scroller = document.querySelector('[role="grid"]').parentElement;
        const frames = [];
        const start = performance.now();
        let last = start;
        const step = () => {
          const now = performance.now();
          frames.push(now - last);
          last = now;
          scroller.scrollTop += 480; // ~13 rows per frame, through ~1.2 Mpx in 5 s
          if (now - start < duration) requestAnimationFrame(step);
          else
            resolve({
              frames: frames.slice(1),
              scrollTop: scroller.scrollTop,
              height: scroller.scrollHeight,
            });
        };
        requestAnimationFrame(step);
      }),
    { duration: SCROLL_MS },
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  await page.close();
  return { ...result, cpu: mainThreadCpu(trace.traceEvents ?? trace) };
}

/**
 * CPU time of the renderer's main thread in a trace: every top-level task, and the part spent running script
 * (`tdur` is thread time, so waiting for a busy core is not counted).
 */
function mainThreadCpu(events) {
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && typeof e.tdur === 'number';
  const sum = (names) =>
    events.filter((e) => onMain(e) && names.includes(e.name)).reduce((total, e) => total + e.tdur, 0) / 1000;
  return {
    tasksMs: sum(['RunTask', 'ThreadControllerImpl::RunTask']),
    scriptMs: sum(['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame']),
    layoutMs: sum(['Layout', 'UpdateLayoutTree']),
    paintMs: sum(['Paint', 'PrePaint', 'Layerize', 'UpdateLayer']),
  };
}

/** Marked by the app when the live part (hub client, event schemas) starts loading, when the first live view mounts. */
const LIVE_LOAD_MARK = 'tradedeck:live-load';

/**
 * Installed before the page's own scripts: the time the first level-one heading had been painted (the frame after
 * it entered the DOM; the page's heading renders in the same commit as the rest of its first screen). Measured as
 * the task right after that frame, so a file whose download started while the frame was painted counts as waited
 * for.
 */
function watchFirstHeading() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('h1')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__headingShownAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * JS downloaded by a first visit of a page, gzip-compressed from the built files: what the first screen waited
 * for (every file whose download started before the page's heading was painted), the first load (what
 * started before the live part began loading) and the live part that follows once the first screen has painted.
 */
async function shippedJs(browser, url, path, session, root) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (session) await signIn(page, url, session);
  await page.addInitScript(watchFirstHeading);
  await page.goto(`${url}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  // The live part loads after the first screen; wait for it to settle too, then split by start time.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const { live, heading, resources } = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return {
      live: entry ? entry.startTime : null,
      heading: window.__headingShownAt ?? null,
      resources: performance
        .getEntriesByType('resource')
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime }))
        .filter((r) => r.path.endsWith('.js')),
    };
  }, LIVE_LOAD_MARK);
  await context.close();
  const startOf = new Map();
  for (const r of resources) if (!startOf.has(r.path)) startOf.set(r.path, r.start);
  const all = [...startOf.keys()];
  const isLive = (file) => live !== null && startOf.get(file) >= live;
  const beforeHeading = (file) => heading !== null && startOf.get(file) < heading;
  // `WEB_BENCH_FILES=1` lists each file with its gzip size, for finding what to move out of the first load.
  if (process.env.WEB_BENCH_FILES)
    for (const file of all)
      console.log(
        `    ${isLive(file) ? 'live ' : 'first'} ${beforeHeading(file) ? 'screen' : '      '} ${gzipOf(root, [file]).gzip} ${file} @${startOf.get(file).toFixed(0)} ms`,
      );
  return {
    ...gzipOf(
      root,
      all.filter((file) => !isLive(file)),
    ),
    firstScreen: gzipOf(root, all.filter(beforeHeading)),
    headingAt: heading,
    live: gzipOf(root, all.filter(isLive)),
    total: gzipOf(root, all),
  };
}

/** Gzip and raw size of built files (`/assets/…` paths) of the build in `root`. */
function gzipOf(root, files) {
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const body = readFileSync(`${root}${file.slice(1)}`);
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: [...files].length, raw, gzip };
}

export async function main() {
  // The 100,000-row table is the /dev/table fixture, which only the fixtures build carries.
  if (!process.env.WEB_BENCH_ROOT) ensureFixturesBuild();
  const server = await startServer();
  // Sizes are those of what a visitor downloads: the production build, unless another build is asked for.
  const sizeRoot = process.env.WEB_BENCH_ROOT ? WEB_ROOT : PRODUCTION_WEB_ROOT;
  const sizeServer = PARTS.has('size') && sizeRoot !== WEB_ROOT ? await startServer(sizeRoot) : server;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const session = await createSession(server);
    const result = {};
    if (PARTS.has('size')) {
      const sizeSession = sizeServer === server ? session : await createSession(sizeServer);
      result.size = await printSizes(browser, sizeServer.url, sizeSession, sizeRoot);
    }
    if (PARTS.has('palette')) result.palette = await printPalette(browser, server.url, session);
    if (PARTS.has('scroll')) result.scroll = await printScroll(browser, server.url);
    const [load1] = loadavg();
    console.log(`  load average (1 min) at the end: ${load1.toFixed(2)} on ${cpus().length} cores`);
    return result;
  } finally {
    await browser.close();
    if (sizeServer !== server) await sizeServer.stop();
    await server.stop();
  }
}

/** The whole first visit's limit: every JS file downloaded from the landing page to the dashboard at rest. */
const FIRST_VISIT_LIMIT_KB = 200;

/**
 * A newcomer's whole first visit in one fresh browser: the landing page, its link to the panel (which signs in
 * first), the sign-in form, then the dashboard until the network is idle. Every JS file requested on the way
 * counts once, whatever the step that asked for it (palette, live part and all).
 */
async function firstVisit(browser, url, credentials, root) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const steps = [];
  let step = 'landing';
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') && !steps.some((s) => s.path === path)) steps.push({ step, path });
  });
  await page.goto(`${url}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  step = 'sign-in';
  await page.locator('a[href="/panel/dashboard"]').first().click();
  await page.locator('input[name="email"]').waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('input[name="email"]').fill(credentials.email);
  await page.locator('input[name="password"]').fill(credentials.password);
  step = 'dashboard';
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL(/\/panel\/dashboard/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  // What loads after the first paint (the live part) starts a moment later: at rest means idle twice over.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  await page.waitForLoadState('networkidle');
  await context.close();
  const byStep = (name) =>
    gzipOf(
      root,
      steps.filter((s) => s.step === name).map((s) => s.path),
    );
  if (process.env.WEB_BENCH_FILES)
    for (const s of steps) console.log(`    ${s.step.padEnd(9)} ${gzipOf(root, [s.path]).gzip} ${s.path}`);
  return {
    total: gzipOf(
      root,
      steps.map((s) => s.path),
    ),
    landing: byStep('landing'),
    signIn: byStep('sign-in'),
    dashboard: byStep('dashboard'),
  };
}

async function printSizes(browser, url, session, root) {
  const visit = await firstVisit(browser, url, session.credentials, root);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `web: JS of the whole first visit (gzip; landing → sign-in → dashboard at rest; build: ${root})`,
  );
  console.log(
    `  first visit    ${kb(visit.total.gzip)} in ${visit.total.files} files (${kb(visit.total.raw)} raw)  limit ${FIRST_VISIT_LIMIT_KB} KB: ${visit.total.gzip < FIRST_VISIT_LIMIT_KB * 1024 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `    landing ${kb(visit.landing.gzip)} (${visit.landing.files} files), sign-in ${kb(visit.signIn.gzip)} (${visit.signIn.files}), dashboard ${kb(visit.dashboard.gzip)} (${visit.dashboard.files})`,
  );
  const landing = await shippedJs(browser, url, '/', null, root);
  const panel = await shippedJs(browser, url, '/panel/dashboard', session, root);
  console.log('web: JS shipped (gzip)');
  console.log(
    `  landing        ${kb(landing.gzip)} in ${landing.files} files (${kb(landing.raw)} raw)  target < 100 KB: ${landing.gzip < 100 * 1024 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  panel, first   ${kb(panel.gzip)} in ${panel.files} files (${kb(panel.raw)} raw), before the live part`,
  );
  console.log(
    `  panel, first screen (started before the dashboard's heading was painted, at ${panel.headingAt?.toFixed(0)} ms): ${kb(panel.firstScreen.gzip)} in ${panel.firstScreen.files} files  target < 200 KB: ${panel.firstScreen.gzip < 200 * 1024 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  panel, after the first screen (the live part: hub client, event schemas, zod; the palette): ${kb(panel.live.gzip)} in ${panel.live.files} files; all together ${kb(panel.total.gzip)}`,
  );

  return { visit, landing, panel };
}

async function printPalette(browser, url, session) {
  const palette = await paletteLatency(browser, url, session);
  const p95 = quantile(palette, 0.95);
  console.log(`web: Mod+K → palette painted (${PALETTE_RUNS} runs)`);
  console.log(
    `  p50 ${ms(quantile(palette, 0.5))}  p95 ${ms(p95)}  max ${ms(Math.max(...palette))}  target p95 < 50 ms: ${p95 < 50 ? 'met' : 'MISSED'}`,
  );

  return { p50: quantile(palette, 0.5), p95 };
}

async function printScroll(browser, url) {
  const scroll = await scrollFrames(browser, url);
  const median = quantile(scroll.frames, 0.5);
  const worst = Math.max(...scroll.frames);
  console.log(
    `web: scrolling ${ROWS.toLocaleString('en')} rows for ${SCROLL_MS / 1000} s (${scroll.frames.length} frames, ${Math.round(scroll.scrollTop)} of ${scroll.height} px)`,
  );
  console.log(
    `  median ${ms(median)} (${(1000 / median).toFixed(0)} fps)  p95 ${ms(quantile(scroll.frames, 0.95))}  max ${ms(worst)}  frames > 50 ms: ${scroll.frames.filter((f) => f > 50).length}  target: ${worst <= 50 && median <= 17.5 ? 'met' : 'MISSED'}`,
  );
  const frames = scroll.frames.length + 1;
  const perFrame = (value) => ms(value / frames);
  console.log(
    `  main thread per frame (CPU, load-independent): tasks ${perFrame(scroll.cpu.tasksMs)}  script ${perFrame(scroll.cpu.scriptMs)}  style+layout ${perFrame(scroll.cpu.layoutMs)}  paint ${perFrame(scroll.cpu.paintMs)}  target: tasks < 16.7 ms: ${scroll.cpu.tasksMs / frames < 16.7 ? 'met' : 'MISSED'}`,
  );
  return { median, max: worst, cpuPerFrame: scroll.cpu.tasksMs / frames };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
