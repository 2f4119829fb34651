import { Worker } from 'node:worker_threads';
import { ConfigError } from './config/config.ts';

/** Environment variable: seconds of a blocked event loop after which the process ends (0 turns the watchdog off). */
export const STALL_EXIT_ENV = 'TRADEDECK_STALL_EXIT_SECONDS';
export const DEFAULT_STALL_EXIT_SECONDS = 60;

const HEARTBEAT_MS = 1000;

/** The configured stall limit in seconds; 0 when the watchdog is off. */
export function stallExitSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[STALL_EXIT_ENV]?.trim();
  if (!raw) return DEFAULT_STALL_EXIT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0 || (seconds > 0 && seconds < 5)) {
    throw new ConfigError(
      `${STALL_EXIT_ENV} must be 0 (off) or a whole number of seconds from 5, got "${raw}"`,
    );
  }
  return seconds;
}

/**
 * Runs in its own thread, so it keeps running when the main thread is stuck (an embedded database spinning after
 * a failed write, say). Without a heartbeat for the limit, it says why on stderr and kills the process, so that a
 * supervisor restarts it instead of keeping a process that answers nothing. A worker cannot end the process with
 * an exit code, and a signal a stuck loop could catch would never be handled: SIGKILL it is.
 */
const WATCHER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beats = new Int32Array(workerData.buffer);
let last = Atomics.load(beats, 0);
let since = Date.now();
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== last) {
    last = now;
    since = Date.now();
    return;
  }
  if (Date.now() - since < workerData.limitMs) return;
  writeSync(2, 'tradedeck-server: the server has not answered for ' + Math.round((Date.now() - since) / 1000) +
    ' s (its event loop is blocked); ending the process so that it can be restarted (' + workerData.env + ')\\n');
  process.kill(process.pid, 'SIGKILL');
}, 250);
`;

export interface StallWatchdog {
  stop(): Promise<void>;
}

/** Starts the watchdog thread and the main loop's heartbeat; null when `seconds` is 0. */
export function startStallWatchdog(seconds: number): StallWatchdog | null {
  if (seconds <= 0) return null;
  const buffer = new SharedArrayBuffer(4);
  const beats = new Int32Array(buffer);
  const worker = new Worker(WATCHER_SOURCE, {
    eval: true,
    // Plain JavaScript: no loader (tsx in development), which could wait on the very thread that is stuck.
    execArgv: [],
    workerData: { buffer, limitMs: seconds * 1000, env: `${STALL_EXIT_ENV}=${seconds}` },
  });
  worker.unref();
  const heartbeat = setInterval(() => Atomics.add(beats, 0, 1), HEARTBEAT_MS);
  heartbeat.unref();
  return {
    async stop() {
      clearInterval(heartbeat);
      await worker.terminate();
    },
  };
}
