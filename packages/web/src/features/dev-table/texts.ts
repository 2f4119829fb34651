import { defineTexts } from '../../i18n/define-texts.ts';

/** Texts of the development table screen. */
export const devTableTexts = defineTexts(
  {
    title: 'Таблица: проверочные данные',
    login: 'Логин',
    status: 'Статус',
    statuses: { '0': 'Простой', '1': 'Активен', '2': 'Ошибка' },
    proxy: 'Прокси',
    balance: 'Баланс',
    tag: 'Тег',
    search: 'Поиск по логину или прокси',
    anyStatus: 'Любой статус',
    remove: 'Удалить',
    confirmTitle: 'Удалить?',
    confirmText_one: 'Удалить {{count}} аккаунт?',
    confirmText_few: 'Удалить {{count}} аккаунта?',
    confirmText_many: 'Удалить {{count}} аккаунтов?',
    confirmText_other: 'Удалить {{count}} аккаунта?',
  },
  {
    title: 'Table: test data',
    login: 'Login',
    status: 'Status',
    statuses: { '0': 'Idle', '1': 'Active', '2': 'Error' },
    proxy: 'Proxy',
    balance: 'Balance',
    tag: 'Tag',
    search: 'Search by login or proxy',
    anyStatus: 'Any status',
    remove: 'Remove',
    confirmTitle: 'Remove?',
    confirmText_one: 'Remove {{count}} account?',
    confirmText_other: 'Remove {{count}} accounts?',
  },
);
