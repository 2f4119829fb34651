import { HttpStatus } from './http-status.ts';

/** The result codes of the API envelope, with the HTTP status each one travels with. */
export const ResultCode = {
  Invalid: 0,
  UndefinedError: 1,
  Pending: 2,
  NotFound: 3,
  AccessDenied: 4,
  AlreadyExists: 5,
  InvalidState: 6,
  InvalidModel: 7,
  OperationRejected: 8,
  ResourceInUse: 9,
  ValidationError: 10,
  Unauthorized: 11,
  /** The server cannot reach its database right now; retry later (503 with `Retry-After`). */
  ServiceUnavailable: 12,
  TenantNotActive: 100,
  TwoFactorFailed: 101,
  PasswordMismatch: 102,
  AuthenticationProhibited: 103,
  /** The caller's role in the active workspace does not allow this operation (docs/workspaces.md). */
  RoleNotAllowed: 104,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export type ResultCodeName = keyof typeof ResultCode;

/** The HTTP status each result code travels with, keyed by the code's name. */
export const httpStatusOfResult: Readonly<Record<ResultCodeName, HttpStatus>> = {
  Invalid: HttpStatus.BadRequest,
  UndefinedError: HttpStatus.InternalServerError,
  Pending: HttpStatus.Accepted,
  NotFound: HttpStatus.NotFound,
  AccessDenied: HttpStatus.Forbidden,
  AlreadyExists: HttpStatus.Conflict,
  InvalidState: HttpStatus.Conflict,
  InvalidModel: HttpStatus.BadRequest,
  OperationRejected: HttpStatus.UnprocessableEntity,
  ResourceInUse: HttpStatus.Conflict,
  ValidationError: HttpStatus.BadRequest,
  Unauthorized: HttpStatus.Unauthorized,
  ServiceUnavailable: HttpStatus.ServiceUnavailable,
  TenantNotActive: HttpStatus.Forbidden,
  TwoFactorFailed: HttpStatus.Forbidden,
  PasswordMismatch: HttpStatus.Unauthorized,
  AuthenticationProhibited: HttpStatus.Forbidden,
  RoleNotAllowed: HttpStatus.Forbidden,
};

/** The same statuses keyed by code number, as the envelope carries the code. */
export const resultCodeHttpStatus = Object.fromEntries(
  Object.entries(ResultCode).map(([name, code]) => [code, httpStatusOfResult[name as ResultCodeName]]),
) as Readonly<Record<ResultCode, HttpStatus>>;

export const allResultCodes: readonly ResultCode[] = Object.values(ResultCode);

export function isResultCode(value: unknown): value is ResultCode {
  return typeof value === 'number' && (allResultCodes as readonly number[]).includes(value);
}
