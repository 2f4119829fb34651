import { ADMIN_TWO_FACTOR_REQUIRED } from '../contract/admin-refusal.ts';
import { ResultCode } from '../contract/result-codes.ts';
import { ApiError } from './errors.ts';

/** True when an admin operation was refused because the administrator has no authenticator app turned on. */
export function needsAdminTwoFactor(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.resultCode === ResultCode.AccessDenied &&
    error.errorDetails?.reason === ADMIN_TWO_FACTOR_REQUIRED
  );
}
