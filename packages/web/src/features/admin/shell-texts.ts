import { defineTexts } from '../../i18n/define-texts.ts';
/** The administration texts the shell shows on every screen (the command palette's commands); the rest load with the pages. */
export const adminShellTexts = defineTexts(
  {
    navCommand: 'Администрирование: пользователи',
    commands: {
      approve: 'Одобрить выбранного пользователя',
      ban: 'Заблокировать выбранного пользователя',
      unban: 'Разблокировать выбранного пользователя',
    },
  },
  {
    navCommand: 'Administration: users',
    commands: {
      approve: 'Approve the picked user',
      ban: 'Ban the picked user',
      unban: 'Unban the picked user',
    },
  },
);
