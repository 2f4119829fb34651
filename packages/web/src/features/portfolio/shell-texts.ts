import { defineTexts } from '../../i18n/define-texts.ts';
/** The portfolio texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const portfolioShellTexts = defineTexts(
  {
    navCommand: 'Портфель',
    commands: {
      byItem: 'Портфель: по предметам',
      byAccount: 'Портфель: по аккаунтам',
      flat: 'Портфель: все предметы списком',
      tradable: 'Портфель: только передаваемые сейчас',
      search: 'Портфель: поиск',
      reset: 'Портфель: сбросить фильтры',
      refresh: 'Портфель: обновить',
    },
  },
  {
    navCommand: 'Portfolio',
    commands: {
      byItem: 'Portfolio: by item',
      byAccount: 'Portfolio: by account',
      flat: 'Portfolio: every item as a list',
      tradable: 'Portfolio: tradable now only',
      search: 'Portfolio: search',
      reset: 'Portfolio: reset filters',
      refresh: 'Portfolio: refresh',
    },
  },
);
