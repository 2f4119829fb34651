import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A detached tmux session running one shell command line, read back with capture-pane. */
export class TmuxSession {
  /** `socket`: a tmux server of the test's own (`tmux -L`), which nothing else on the machine can stop. */
  constructor(
    readonly name: string,
    readonly socket?: string,
  ) {}

  private tmux(...args: string[]): string {
    return execFileSync('tmux', this.args(args), { encoding: 'utf8' });
  }

  private args(args: string[]): string[] {
    return [...(this.socket ? ['-L', this.socket] : []), ...args];
  }

  private static captureArgs(name: string, escapes = false): string[] {
    return ['capture-pane', '-p', '-J', ...(escapes ? ['-e'] : []), '-S', '-200', '-t', name];
  }

  /** Starts the session, replacing one of the same name a test before it left running (tests run in any order). */
  start(command: string, cwd: string, size = { width: 150, height: 40 }): void {
    this.kill();
    this.tmux(
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(size.width),
      '-y',
      String(size.height),
      '-c',
      cwd,
      command,
    );
  }

  /** What the terminal shows now (the visible screen plus scrollback); with `escapes`, colours as escape codes. */
  screen(options: { escapes?: boolean } = {}): string {
    return this.tmux(...TmuxSession.captureArgs(this.name, options.escapes));
  }

  /**
   * Polls the screen until `pattern` shows; every screen seen is passed to `onScreen` (to catch live frames). The
   * screen is read without blocking: the server under test runs in this process, and a read takes 5-60 ms (on a
   * loaded machine), which a blocking read every 50 ms took from its event loop half of the time.
   */
  async waitFor(pattern: RegExp, timeoutMs = 30_000, onScreen?: (text: string) => void): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { stdout: text } = await execFileAsync('tmux', this.args(TmuxSession.captureArgs(this.name)), {
        encoding: 'utf8',
      });
      onScreen?.(text);
      if (pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Types a line into the terminal, as a user at a prompt would. */
  typeLine(text: string): void {
    this.tmux('send-keys', '-t', this.name, text, 'Enter');
  }

  /** Presses keys by tmux name (`C-c`, `Left`, `Home`, `BSpace`) or types literal text with `literal`. */
  press(keys: string[], literal = false): void {
    this.tmux('send-keys', '-t', this.name, ...(literal ? ['-l'] : []), ...keys);
  }

  kill(): void {
    try {
      this.tmux('kill-session', '-t', this.name);
    } catch {
      // Already gone.
    }
  }
}

/** Quotes a value for a POSIX shell command line. */
export const shellQuote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
