import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createI18n, initialLanguage } from './i18n/i18n.ts';
import './index.css';

const language = initialLanguage(safeLocalStorage());
document.documentElement.lang = language;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={createI18n(language)} />
  </StrictMode>,
);

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
