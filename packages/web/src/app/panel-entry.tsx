import type { Language } from '@tradedeck/sdk/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShellI18n } from '../i18n/shell-i18n.ts';
import { createAppServices } from '../shared/app-services.tsx';
import { App } from './app.tsx';

/** The whole app: panel, sign-in pages and the rest, with its router and services. */
export async function startApp(root: HTMLElement, language: Language): Promise<void> {
  const services = createAppServices(await createShellI18n(language));
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}
