import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createAppServices } from '../../src/app/app-services.ts';
import type { AppServices } from '../../src/shared/app-services.tsx';
import { TwoFactorPromptHost } from '../../src/ui/two-factor-prompt.tsx';
import { createI18n } from './texts.ts';

/** A signed-in app (Russian) on `fetchImpl` with the app-wide two-factor dialog mounted; answers its services. */
export function mountPromptHost(fetchImpl: typeof fetch): AppServices {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const i18n = createI18n('ru');
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <TwoFactorPromptHost prompt={services.twoFactor} />
    </I18nextProvider>,
  );
  return services;
}
