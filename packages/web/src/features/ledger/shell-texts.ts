import { defineTexts } from '../../i18n/define-texts.ts';
/** The ledger texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const ledgerShellTexts = defineTexts(
  {
    navCommand: 'Учёт и прибыль',
    commands: {
      exportCsv: 'Учёт: скачать прибыль в CSV',
      exportEntries: 'Учёт: скачать записи в CSV',
      period: 'Учёт: задать период',
      series: 'Учёт: сменить ряд графика',
      reset: 'Учёт: сбросить фильтры',
      refresh: 'Учёт: обновить',
    },
  },
  {
    navCommand: 'Ledger and profit',
    commands: {
      exportCsv: 'Ledger: download the profit as CSV',
      exportEntries: 'Ledger: download the entries as CSV',
      period: 'Ledger: set the period',
      series: 'Ledger: switch the chart series',
      reset: 'Ledger: reset filters',
      refresh: 'Ledger: refresh',
    },
  },
);
