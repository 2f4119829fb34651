import {
  ApiError,
  describeError,
  NetworkError,
  SessionExpiredError,
  TimeoutError,
} from '@tradedeck/sdk/client';
import type { CommandContext } from './context.ts';
import { CliFailure, ExitCode, PromptCancelled } from './exit-codes.ts';
import type { MessageKey } from './texts/message.ts';

/** Turns a failed API call into the message and exit code the user sees. */
export function failureFromError(ctx: CommandContext, error: unknown): CliFailure {
  if (error instanceof CliFailure) return error;
  if (error instanceof PromptCancelled) {
    return new CliFailure(ctx.t('promptCancelled'), ExitCode.Usage, { error: 'cancelled' });
  }
  if (error instanceof SessionExpiredError || (error instanceof ApiError && error.resultCode === 11)) {
    return new CliFailure(ctx.t('authNeeded'), ExitCode.AuthNeeded, { error: 'auth-needed' });
  }
  if (error instanceof TimeoutError || error instanceof NetworkError) return unreachable(ctx, error);
  const text = describeError(error, ctx.lang);
  const json =
    error instanceof ApiError
      ? { error: text, resultCode: error.resultCode, traceId: error.traceId, details: error.errorDetails }
      : { error: text };
  return new CliFailure(text, ExitCode.Error, json);
}

const REASONS: Record<string, MessageKey> = {
  ECONNREFUSED: 'reasonRefused',
  ENOTFOUND: 'reasonNotFound',
  EAI_AGAIN: 'reasonNotFound',
  ECONNRESET: 'reasonReset',
};

/** The server did not answer: say which server and why, in words rather than an errno. */
export function unreachable(ctx: CommandContext, error: NetworkError | TimeoutError): CliFailure {
  const json = { server: ctx.serverUrl, reachable: false };
  if (error instanceof TimeoutError) {
    return new CliFailure(ctx.t('timeout', { url: ctx.serverUrl }), ExitCode.Error, json);
  }
  const code = causeCode(error);
  const reasonKey = REASONS[code];
  const reason = reasonKey ? ctx.t(reasonKey) : code;
  return new CliFailure(ctx.t('unreachable', { url: ctx.serverUrl, reason }), ExitCode.Error, {
    ...json,
    reason: code,
  });
}

function causeCode(error: NetworkError): string {
  const cause = error.cause as { cause?: { code?: string; message?: string }; message?: string } | undefined;
  return cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? error.message;
}
