import { defineTexts } from '../../i18n/define-texts.ts';

/** Texts of the 404 page. */
export const notFoundTexts = defineTexts(
  {
    title: 'Страница не найдена',
    description: 'Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка.',
    back: 'На главную',
  },
  {
    title: 'Page not found',
    description: 'There is no such page. The link may be outdated or the address mistyped.',
    back: 'Back to home',
  },
);
