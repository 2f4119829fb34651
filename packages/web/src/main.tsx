import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createI18n, initialLanguage } from './i18n/i18n.ts';
import { createAppServices, safeStorage } from './shared/app-services.tsx';
import './index.css';

const language = initialLanguage(safeStorage());
document.documentElement.lang = language;
const services = createAppServices(createI18n(language));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
