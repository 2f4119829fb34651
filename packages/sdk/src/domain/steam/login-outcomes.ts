/**
 * What a failed Steam sign-in means for the user and what to do next (notes §5, §11 B). The live and the
 * sandbox Steam adapters both report failures in these terms, so one table decides the add reason and the
 * retry policy.
 */
import type { AddAccountReason } from './messages.ts';

export const EResult = {
  OK: 1,
  Fail: 2,
  InvalidPassword: 5,
  AccessDenied: 15,
  ServiceUnavailable: 20,
  Revoked: 26,
  Expired: 27,
  DuplicateRequest: 29,
  InvalidLoginAuthCode: 65,
  RateLimitExceeded: 84,
  AccountLoginDeniedThrottle: 87,
  TwoFactorCodeMismatch: 88,
} as const;

/** steam-session `EAuthSessionGuardType`. */
export const GuardType = {
  None: 1,
  EmailCode: 2,
  DeviceCode: 3,
  DeviceConfirmation: 4,
  EmailConfirmation: 5,
  MachineToken: 6,
} as const;

export type LoginFailure =
  | { kind: 'eresult'; eresult: number }
  /** Steam asked for confirmations and none of them is the mobile authenticator. */
  | { kind: 'guard'; offered: readonly number[] }
  | { kind: 'proxy'; cause: 'connect' | 'auth' | 'timeout' | 'tls' | 'dns' }
  | { kind: 'noProxy' }
  | { kind: 'timeout' }
  | { kind: 'unknown' };

export type RetryPolicy =
  /** Retrying cannot help (and for a wrong password would escalate to a rate limit). */
  | { retry: 'never' }
  /** Query Steam time through the proxy and try once more in the next 30-second window. */
  | { retry: 'resyncTimeOnce' }
  /** Stop all sign-ins through this proxy for a while; retrying earlier resets Steam's timer. */
  | { retry: 'coolDownProxy'; afterMs: number }
  /** Leave this account alone for a while. */
  | { retry: 'coolDownAccount'; afterMs: number }
  /** A transient failure: the user may retry the row. */
  | { retry: 'later' };

export type LoginOutcome = { reason: AddAccountReason } & RetryPolicy;

export const RATE_LIMIT_COOL_DOWN_MS = 30 * 60_000;
export const LOGIN_THROTTLE_COOL_DOWN_MS = 24 * 60 * 60_000;

/** How to answer Steam's list of allowed confirmations; null when the account has no mobile authenticator. */
export function chooseGuardAction(offered: readonly number[]): 'submitCode' | 'approveOnDevice' | null {
  if (offered.includes(GuardType.DeviceCode)) return 'submitCode';
  if (offered.includes(GuardType.DeviceConfirmation)) return 'approveOnDevice';
  return null;
}

export function classifyLoginFailure(failure: LoginFailure): LoginOutcome {
  switch (failure.kind) {
    case 'noProxy':
      return { reason: 'noProxy', retry: 'never' };
    case 'proxy':
      return { reason: 'proxyError', retry: 'later' };
    case 'timeout':
      return { reason: 'unknownError', retry: 'later' };
    case 'unknown':
      return { reason: 'unknownError', retry: 'later' };
    case 'guard':
      switch (chooseGuardAction(failure.offered)) {
        // Approval on the phone alone (no device code among `allowed_confirmations`): approving needs the
        // owner's app or an already signed-in session, and no retry changes what Steam offers.
        case 'approveOnDevice':
          return { reason: 'phoneApprovalOnly', retry: 'never' };
        // E-mail codes, e-mail confirmation or no guard at all: the maFile cannot sign this account in.
        case null:
          return { reason: 'invalidSteamGuardType', retry: 'never' };
        default:
          return { reason: 'unknownError', retry: 'later' };
      }
    case 'eresult':
      return fromEResult(failure.eresult);
  }
}

function fromEResult(eresult: number): LoginOutcome {
  switch (eresult) {
    case EResult.InvalidPassword:
      return { reason: 'invalidPassword', retry: 'never' };
    case EResult.RateLimitExceeded:
      // Limited per egress IP: the proxy is the thing to change or to rest.
      return { reason: 'proxyError', retry: 'coolDownProxy', afterMs: RATE_LIMIT_COOL_DOWN_MS };
    case EResult.AccountLoginDeniedThrottle:
      return {
        reason: 'authenticationProblem',
        retry: 'coolDownAccount',
        afterMs: LOGIN_THROTTLE_COOL_DOWN_MS,
      };
    case EResult.TwoFactorCodeMismatch:
      // A clock skew looks the same as a stale secret until the time is resynced once.
      return { reason: 'invalidMafile', retry: 'resyncTimeOnce' };
    case EResult.InvalidLoginAuthCode:
      return { reason: 'invalidSteamGuardType', retry: 'never' };
    default:
      return { reason: 'unknownError', retry: 'later' };
  }
}
