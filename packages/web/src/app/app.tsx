import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { type AppServices, ServicesProvider } from '../shared/app-services.tsx';
import { createRouter } from './router.tsx';

export function App({ services }: { services: AppServices }) {
  const [router] = useState(() => createRouter(services));
  return (
    <I18nextProvider i18n={services.i18n}>
      <ServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ServicesProvider>
    </I18nextProvider>
  );
}
