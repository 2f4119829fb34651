import type { CommandContext, Io } from './context.ts';
import { CliFailure, ExitCode } from './exit-codes.ts';
import { failureFromError } from './failures.ts';

/** Prints why a command failed (as JSON too under `--json`) and returns its exit code. */
export function report(error: unknown, io: Io, context: CommandContext | null): number {
  if (isCommanderError(error)) {
    if (error.exitCode === 0) return ExitCode.Ok;
    return ExitCode.Usage;
  }
  const failure = error instanceof CliFailure ? error : context ? failureFromError(context, error) : null;
  if (!failure) {
    io.stderr(`tradedeck: ${error instanceof Error ? error.message : String(error)}\n`);
    return ExitCode.Error;
  }
  if (context?.json && failure.json) io.stdout(`${JSON.stringify(failure.json, null, 2)}\n`);
  io.stderr(`tradedeck: ${failure.message}\n`);
  return failure.exitCode;
}

/** Commander's own errors (usage, help and version shown), told apart without loading commander. */
function isCommanderError(error: unknown): error is Error & { exitCode: number } {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    error instanceof Error && 'exitCode' in error && typeof code === 'string' && code.startsWith('commander.')
  );
}
