import { defineTexts } from '../../i18n/define-texts.ts';

/** The Pacing screen's texts. */
export const pacingTexts = defineTexts(
  {
    title: 'Темп запросов',
    lead: 'Бюджеты запросов к Steam по прокси и аккаунтам. Сначала те, что отдыхают после лимита Steam, затем самые загруженные.',
    refresh: 'Обновить',
    loadFailed: 'Не удалось загрузить состояние лимитов',
    proxies: 'Прокси',
    accounts: 'Аккаунты',
    empty: 'Запросов к Steam ещё не было',
    columns: {
      proxy: 'Прокси',
      account: 'Аккаунт',
      accounts: 'Аккаунтов',
      share: 'Доля бюджета',
      requests: 'Запросов',
      classes: 'Классы: бюджет в минуту сейчас / по таблице',
    },
    notSpaced: 'без интервала',
    limits: 'лимитов: {{count}}',
  },
  {
    title: 'Pacing',
    lead: 'Budgets of Steam calls per proxy and per account. Those resting after a Steam limit come first, then the busiest.',
    refresh: 'Refresh',
    loadFailed: 'Could not load the limiters',
    proxies: 'Proxies',
    accounts: 'Accounts',
    empty: 'No Steam calls yet',
    columns: {
      proxy: 'Proxy',
      account: 'Account',
      accounts: 'Accounts',
      share: 'Budget share',
      requests: 'Requests',
      classes: 'Classes: budget a minute now / in the table',
    },
    notSpaced: 'not spaced',
    limits: 'limits: {{count}}',
  },
);
