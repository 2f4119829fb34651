import type { Language } from '@tradedeck/sdk/i18n';

/** Its own words: the texts of the app are in the part that could not be downloaded. */
const TEXTS = {
  ru: {
    title: 'Ошибка инициализации сети',
    body: 'Не удалось загрузить приложение. Проверьте подключение к интернету и повторите.',
    retry: 'Повторить',
  },
  en: {
    title: 'Network initialisation error',
    body: 'The app could not be downloaded. Check your internet connection and try again.',
    retry: 'Try again',
  },
} as const;

/**
 * The app's first part could not be downloaded (offline at the first load, a connection dropped mid-way, a new
 * version deployed under the page): instead of a blank page, say so and offer to load the page again. Plain DOM,
 * since React itself may be what failed to arrive.
 */
export function showBootError(
  root: HTMLElement,
  language: Language,
  reload = () => window.location.reload(),
): void {
  const texts = TEXTS[language];
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'boot-error';
  box.className = 'mx-auto mt-24 max-w-md space-y-3 p-6 text-center';
  const title = document.createElement('h1');
  title.className = 'text-xl font-semibold';
  title.textContent = texts.title;
  const body = document.createElement('p');
  body.className = 'text-sm text-muted';
  body.textContent = texts.body;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'btn-ghost';
  retry.textContent = texts.retry;
  retry.addEventListener('click', reload);
  box.append(title, body, retry);
  root.replaceChildren(box);
}
