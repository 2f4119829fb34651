import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createAppServices } from '../../src/app/app-services.ts';
import { type AppServices, ServicesProvider } from '../../src/shared/app-services.tsx';
import { createI18n } from './texts.ts';

/**
 * Renders a screen part signed in (a stored access token), with the app's services over the given fetch, its
 * query client, i18n in the language (Russian unless told) and a router.
 */
export function renderWithServices(
  node: ReactNode,
  fetchImpl: typeof fetch,
  language: 'ru' | 'en' = 'ru',
): AppServices {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const i18n = createI18n(language);
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <MemoryRouter>{node}</MemoryRouter>
        </QueryClientProvider>
      </ServicesProvider>
    </I18nextProvider>,
  );
  return services;
}
