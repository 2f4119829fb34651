import type { Language } from '@tradedeck/sdk/i18n';
import type { i18n } from 'i18next';
import { LANGUAGE_STORAGE_KEY } from '../i18n/initial-language.ts';
import type { AppServices } from './app-services.tsx';

/** Switches the interface language, remembers it in this browser and, when signed in, on the server. */
export function changeLanguage(
  i18nInstance: i18n,
  language: Language,
  services?: Pick<AppServices, 'client' | 'session' | 'toasts'>,
): void {
  void i18nInstance.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  if (!services?.session.isSignedIn()) return;
  services.client.user.setLanguage({ language }).catch(() => {
    services.toasts.show({ kind: 'error', text: i18nInstance.t('settings.languageSaveFailed') });
  });
}
