import type { AppServices } from '../../shared/app-services.tsx';
import { notifyError } from '../../shared/toasts/notify-error.ts';

/**
 * Copies the account's current Steam Guard code: the server computes it (Steam time, rate limit, audit log), the
 * browser puts it on the clipboard, and the toast says how many seconds it stays valid.
 */
export async function copyGuardCode(
  services: Pick<AppServices, 'client' | 'toasts' | 'i18n'>,
  account: { id: number; login: string },
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<string | null> {
  const t = services.i18n.t.bind(services.i18n);
  try {
    const { code, remainingSeconds } = await services.client.steamAccounts.guardCode({ id: account.id });
    let copied = false;
    try {
      await clipboard?.writeText(code);
      copied = clipboard !== undefined;
    } catch {
      copied = false;
    }
    services.toasts.show({
      kind: copied ? 'success' : 'info',
      text: `${account.login}: ${t(copied ? 'steamAccounts.guard.copied' : 'steamAccounts.guard.shown', {
        code,
        seconds: remainingSeconds,
      })}`,
    });
    return code;
  } catch (error) {
    notifyError(services, error);
    return null;
  }
}
