import { ApiError, describeError, SessionExpiredError } from '@tradedeck/sdk/client';
import type { CommandContext } from './context.ts';
import { CliFailure, ExitCode } from './exit-codes.ts';

/** Turns a failed API call into the message and exit code the user sees. */
export function failureFromError(ctx: CommandContext, error: unknown): CliFailure {
  if (error instanceof CliFailure) return error;
  if (error instanceof SessionExpiredError || (error instanceof ApiError && error.resultCode === 11)) {
    return new CliFailure(ctx.t('authNeeded'), ExitCode.AuthNeeded, { error: 'auth-needed' });
  }
  const text = describeError(error, ctx.lang);
  const json =
    error instanceof ApiError
      ? { error: text, resultCode: error.resultCode, traceId: error.traceId, details: error.errorDetails }
      : { error: text };
  return new CliFailure(text, ExitCode.Error, json);
}
