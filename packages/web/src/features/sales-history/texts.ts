import { defineTexts } from '../../i18n/define-texts.ts';
import { salesHistoryShellTexts } from './shell-texts.ts';

/** Texts of the sales history screen (ru default, en). */
export const salesHistoryTexts = defineTexts(
  {
    ...salesHistoryShellTexts.ru,
    title: 'История продаж',
    empty: 'Продаж за выбранный период нет',
    loadFailed: 'Не удалось загрузить историю продаж',
    columns: {
      item: 'Предмет',
      game: 'Игра',
      platform: 'Площадка',
      account: 'Аккаунт',
      soldAt: 'Дата',
      price: 'Цена продажи',
      holdUntil: 'Удержание до',
      state: 'Статус',
    },
    noHold: 'без удержания',
    states: {
      held: 'На удержании',
      settled: 'Зачислена',
      reversed: 'Отменена, обмен возвращён',
    },
    filters: {
      from: 'С',
      to: 'По',
      account: 'Аккаунт',
      game: 'Игра',
      platform: 'Площадка',
      all: 'Все',
      reset: 'Сбросить фильтры',
      badPeriod: 'Дата «С» позже даты «По»',
    },
    totals: 'Продаж: {{count}} · выручка: {{revenue}}',
    totalsOnHold: 'на удержании: {{onHold}}',
    chart: {
      title: 'Выручка по дням',
      empty: 'Нет продаж — нечего рисовать',
    },
    exportCsv: 'Скачать CSV',
  },
  {
    ...salesHistoryShellTexts.en,
    title: 'Sales history',
    empty: 'No sales in the chosen period',
    loadFailed: 'Failed to load the sales history',
    columns: {
      item: 'Item',
      game: 'Game',
      platform: 'Platform',
      account: 'Account',
      soldAt: 'Date',
      price: 'Sale price',
      holdUntil: 'Hold until',
      state: 'Status',
    },
    noHold: 'no hold',
    states: {
      held: 'On hold',
      settled: 'Settled',
      reversed: 'Reversed: the trade was rolled back',
    },
    filters: {
      from: 'From',
      to: 'To',
      account: 'Account',
      game: 'Game',
      platform: 'Platform',
      all: 'All',
      reset: 'Reset filters',
      badPeriod: 'The “From” date is after the “To” date',
    },
    totals: 'Sales: {{count}} · revenue: {{revenue}}',
    totalsOnHold: 'on hold: {{onHold}}',
    chart: {
      title: 'Revenue per day',
      empty: 'No sales, nothing to draw',
    },
    exportCsv: 'Download CSV',
  },
);
