import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createRouter } from './router.tsx';

export function App({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={createRouter()} />
    </I18nextProvider>
  );
}
