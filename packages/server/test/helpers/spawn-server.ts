import { type ChildProcess, spawn } from 'node:child_process';
import { serverEntry } from './server-bundle.ts';

export interface SpawnedServer {
  child: ChildProcess;
  output(): string;
  /** Resolves with the panel URL once the server prints it, or rejects with its output when it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Runs the real server entry point (`main.ts`, bundled from the current sources: `server-bundle.ts`) as a child
 * process with the given environment.
 */
export function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
  options: { openFilesLimit?: number; uid?: number; gid?: number; prefix?: string[] } = {},
): SpawnedServer {
  // `prefix` runs the server through another command (e.g. setpriv dropping root's capabilities).
  const command = [...(options.prefix ?? []), process.execPath, ...serverEntry(), ...args];
  // A lower open-files limit (soft and hard) caps how many proxy checks run at once: a batch then takes rounds.
  const [file, ...argv] = options.openFilesLimit
    ? ['sh', '-c', `ulimit -n ${options.openFilesLimit} && exec "$0" "$@"`, ...command]
    : command;
  const child = spawn(file!, argv, {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid } : {}),
    ...(options.gid !== undefined ? { gid: options.gid } : {}),
  });
  return watchServer(child);
}

/**
 * Follows a spawned server: its output, the panel URL once printed, its exit. `exitStatus` turns the exit into
 * the status a test expects (the code by default).
 */
export function watchServer(
  child: ChildProcess,
  exitStatus: (code: number | null, signal: NodeJS.Signals | null) => number | null = (code) => code,
): SpawnedServer {
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(exitStatus(code, signal))),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /Tradedeck panel: (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    exited.then((code) => reject(new Error(`server exited with ${code}: ${text}`)));
  });
  ready.catch(() => {});
  return {
    child,
    output: () => text,
    ready,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
