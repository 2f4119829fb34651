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
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export const resultCodeHttpStatus: Readonly<Record<ResultCode, number>> = {
  0: 400,
  1: 500,
  2: 202,
  3: 404,
  4: 403,
  5: 409,
  6: 409,
  7: 400,
  8: 422,
  9: 409,
  10: 400,
  11: 401,
  12: 503,
  100: 403,
  101: 403,
  102: 401,
  103: 403,
};

export const allResultCodes: readonly ResultCode[] = Object.values(ResultCode);

export function isResultCode(value: unknown): value is ResultCode {
  return typeof value === 'number' && (allResultCodes as readonly number[]).includes(value);
}
