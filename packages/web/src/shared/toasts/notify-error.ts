import { describeError, SessionExpiredError, TwoFactorCancelledError } from '@tradedeck/sdk/client';
import type { AppServices } from '../app-services.tsx';
import { languageOf } from '../use-language.ts';

/**
 * Shows a failed call by the error catalogue's display rules (sdk `describeError`): 🚨 prefix, 3 s, 5 s for
 * session expiry. A cancelled two-factor prompt shows nothing; session expiry is announced by the shell itself.
 */
export function notifyError(services: Pick<AppServices, 'toasts' | 'i18n'>, error: unknown): void {
  if (error instanceof TwoFactorCancelledError || error instanceof SessionExpiredError) return;
  const text = describeError(error, languageOf(services.i18n.language));
  if (text) services.toasts.show({ kind: 'error', text });
}
