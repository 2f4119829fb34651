/**
 * One password sign-in as it unfolds in steam-session: whether Steam is being polled, whether the sign-in is
 * authenticated, and what a Steam Guard code submission means at that moment.
 */
import { EResult, type LoginFailure } from '@tradedeck/sdk/domain';
import type { LoginSession } from 'steam-session';
import { SteamRequestError } from './proxied-request.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: LoginFailure };

export interface AuthenticationProgress {
  readonly finished: Promise<Outcome<null>>;
  /** True once polling has begun (device confirmation offered, or a code accepted). */
  readonly polling: boolean;
  readonly authenticated: boolean;
}

export function watchAuthentication(session: LoginSession): AuthenticationProgress {
  const progress = {
    polling: false,
    authenticated: false,
    finished: null as unknown as Promise<Outcome<null>>,
  };
  session.once('polling', () => {
    progress.polling = true;
  });
  progress.finished = new Promise((resolve) => {
    session.once('authenticated', () => {
      progress.authenticated = true;
      resolve({ ok: true, value: null });
    });
    session.once('timeout', () => resolve({ ok: false, failure: { kind: 'timeout' } }));
    session.once('error', (error) => resolve({ ok: false, failure: failureOf(error) }));
  });
  return progress;
}

/**
 * Submits one code. Answers OK (1) when the code was taken or the sign-in no longer needs it, 88 on a mismatch;
 * anything else is thrown. A sign-in the owner approved on the phone meanwhile is authenticated by the poll
 * already running: the code is then refused as a duplicate (29), which steamguard-cli (src/login.rs) and
 * ArchiSteamFarm (Bot.cs) read as "already approved, keep polling".
 */
export async function sendCode(
  session: LoginSession,
  code: string,
  progress: AuthenticationProgress,
): Promise<number> {
  if (progress.authenticated) return EResult.OK;
  try {
    await session.submitSteamGuardCode(code);
    return EResult.OK;
  } catch (error) {
    const eresult = eresultOf(error);
    if (eresult === EResult.TwoFactorCodeMismatch) return eresult;
    if (progress.authenticated) return EResult.OK;
    if (eresult === EResult.DuplicateRequest && progress.polling) return EResult.OK;
    throw error;
  }
}

function eresultOf(error: unknown): number | null {
  const value = (error as { eresult?: unknown } | null)?.eresult;
  return typeof value === 'number' ? value : null;
}

export function failureOf(error: unknown): LoginFailure {
  if (error instanceof SteamRequestError) return error.failure;
  const eresult = eresultOf(error);
  if (eresult !== null) return { kind: 'eresult', eresult };
  return { kind: 'unknown' };
}
