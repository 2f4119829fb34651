import { showBootError } from './app/boot-error.ts';
import { initialLanguage } from './i18n/initial-language.ts';
import { safeStorage } from './shared/safe-storage.ts';
import './index.css';

const language = initialLanguage(safeStorage());
document.documentElement.lang = language;
const root = document.getElementById('root')!;

// The landing page is what most first visits open: it loads alone, and the app (router, services, panel) loads
// for every other address. Inside the app the landing page is a route like the others.
// A first part that cannot be downloaded shows the network initialisation error, not a blank page.
const failed = () => showBootError(root, language);
if (window.location.pathname === '/') {
  import('./app/landing-entry.tsx').then((m) => m.startLanding(root, language), failed);
} else {
  import('./app/panel-entry.tsx').then((m) => m.startApp(root, language), failed);
}
