/** Process exit codes of `tradedeck`, documented in docs/cli.md. */
export const ExitCode = {
  Ok: 0,
  Error: 1,
  /** A usage error, or a destructive command not confirmed (declined, or no terminal and no --yes). */
  Usage: 2,
  /** A batch where some items were done and some failed: the failures are on stderr and in --json. */
  Partial: 3,
  AuthNeeded: 4,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Thrown by a command to end with a message and a given exit code. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.Error,
    /** Printed as the JSON answer when `--json` is on. */
    readonly json?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}

/** The person at the terminal cancelled a question (Ctrl+C, or Ctrl+D at an empty answer). */
export class PromptCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'PromptCancelled';
  }
}
