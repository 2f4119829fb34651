import type { ApiErrorBody } from '../contract/envelope.ts';

/** An error answer from the API: the envelope's error, or an answer that was not an envelope at all. */
export class ApiError extends Error {
  readonly kind = 'api' as const;
  readonly resultCode: number | null;
  readonly errorDetails: Record<string, unknown> | null;
  readonly traceId: string | null;
  readonly httpStatus: number;
  readonly operationId: string;

  constructor(operationId: string, httpStatus: number, body: Partial<ApiErrorBody> | null) {
    super(body?.message ?? '');
    this.name = 'ApiError';
    this.operationId = operationId;
    this.httpStatus = httpStatus;
    this.resultCode = typeof body?.resultCode === 'number' ? body.resultCode : null;
    this.errorDetails = body?.errorDetails ?? null;
    this.traceId = body?.traceId ?? null;
  }

  /** Field messages from a validation answer (`errorDetails.fields`). */
  get fieldErrors(): Record<string, string[]> {
    const fields = this.errorDetails?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {};
  }
}

/** The server could not be reached: DNS, refused connection, reset, offline browser. */
export class NetworkError extends Error {
  readonly kind = 'network' as const;
  readonly operationId: string;
  constructor(operationId: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'NetworkError';
    this.operationId = operationId;
  }
}

/** The server did not answer within the call's timeout. */
export class TimeoutError extends Error {
  readonly kind = 'timeout' as const;
  readonly operationId: string;
  readonly timeoutMs: number;
  constructor(operationId: string, timeoutMs: number) {
    super(`${operationId} timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.operationId = operationId;
    this.timeoutMs = timeoutMs;
  }
}

/** The access token could not be renewed: the user has to sign in again. */
export class SessionExpiredError extends Error {
  readonly kind = 'expired' as const;
  constructor(readonly operationId: string) {
    super('session expired');
    this.name = 'SessionExpiredError';
  }
}

/** The user closed the two-factor prompt instead of entering a code. */
export class TwoFactorCancelledError extends Error {
  readonly kind = 'twoFactorCancelled' as const;
  constructor(readonly operationId: string) {
    super('two-factor prompt cancelled');
    this.name = 'TwoFactorCancelledError';
  }
}

export type ClientError =
  | ApiError
  | NetworkError
  | TimeoutError
  | SessionExpiredError
  | TwoFactorCancelledError;

/** True when the failure means the server is unreachable (and the network monitor should hear of it). */
export function isConnectivityError(error: unknown): error is NetworkError | TimeoutError {
  return error instanceof NetworkError || error instanceof TimeoutError;
}
