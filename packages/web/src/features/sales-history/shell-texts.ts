import { defineTexts } from '../../i18n/define-texts.ts';
/** The salesHistory texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const salesHistoryShellTexts = defineTexts(
  {
    navCommand: 'P2P: история продаж',
    commands: {
      exportCsv: 'История продаж: скачать CSV',
      period: 'История продаж: задать период',
      reset: 'История продаж: сбросить фильтры',
      refresh: 'История продаж: обновить',
    },
  },
  {
    navCommand: 'P2P: sales history',
    commands: {
      exportCsv: 'Sales history: download CSV',
      period: 'Sales history: set the period',
      reset: 'Sales history: reset filters',
      refresh: 'Sales history: refresh',
    },
  },
);
