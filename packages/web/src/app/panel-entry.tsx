import type { Language } from '@tradedeck/sdk/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { createAppServices } from './app-services.ts';
import { createShellI18n } from './shell-i18n.ts';

/** The whole app: panel, sign-in pages and the rest, with its router and services. */
export function startApp(root: HTMLElement, language: Language): void {
  const services = createAppServices(createShellI18n(language));
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}
