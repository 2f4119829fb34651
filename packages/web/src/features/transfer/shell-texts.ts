import { defineTexts } from '../../i18n/define-texts.ts';

/** The transfer texts the shell shows on every screen (its palette command). */
export const transferShellTexts = defineTexts(
  {
    commands: { open: 'Перевод баланса между аккаунтами маркета' },
  },
  {
    commands: { open: 'Balance transfer between marketplace accounts' },
  },
);
