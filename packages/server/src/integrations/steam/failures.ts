import { classifyLoginFailure, type LoginFailure } from '@tradedeck/sdk/domain';
import type { SteamFailure } from './port.ts';

export function steamFailure(failure: LoginFailure, retryAfter?: Date): SteamFailure {
  const result: SteamFailure = { ok: false, failure, outcome: classifyLoginFailure(failure) };
  if (retryAfter) result.retryAfter = retryAfter;
  return result;
}

export const NO_PROXY: SteamFailure = steamFailure({ kind: 'noProxy' });
