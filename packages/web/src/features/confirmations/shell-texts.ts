import { defineTexts } from '../../i18n/define-texts.ts';

/** The confirmations texts the shell shows on every screen (the palette's commands); the rest load with the screen. */
export const confirmationsShellTexts = defineTexts(
  {
    navCommand: 'Перейти: подтверждения',
    commands: {
      accept: 'Подтверждения: принять выбранные',
      deny: 'Подтверждения: отклонить выбранные',
      dryRun: 'Подтверждения: что сделают правила',
      refresh: 'Подтверждения: спросить Steam заново',
    },
  },
  {
    navCommand: 'Go to: confirmations',
    commands: {
      accept: 'Confirmations: accept the selected',
      deny: 'Confirmations: deny the selected',
      dryRun: 'Confirmations: what the rules would do',
      refresh: 'Confirmations: ask Steam again',
    },
  },
);
