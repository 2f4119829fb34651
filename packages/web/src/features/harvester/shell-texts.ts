import { defineTexts } from '../../i18n/define-texts.ts';
/** The harvester texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const harvesterShellTexts = defineTexts(
  {
    navCommand: 'Харвестер',
    commands: {
      newSession: 'Харвестер: новая сессия',
      start: 'Харвестер: запустить или продолжить сессию',
      pause: 'Харвестер: поставить сессию на паузу',
      complete: 'Харвестер: завершить сессию',
      restartErrored: 'Харвестер: перезапустить ошибочные транзакции',
      cancelActive: 'Харвестер: отменить активные транзакции',
      nextTab: 'Харвестер: следующая вкладка',
      previousTab: 'Харвестер: предыдущая вкладка',
      closeTab: 'Харвестер: закрыть вкладку сессии',
      sessionsTab: 'Харвестер: список сессий',
      profilesTab: 'Харвестер: профили настроек',
      newProfile: 'Харвестер: новый профиль',
      errorsOnly: 'Харвестер: только ошибки',
      groupByTarget: 'Харвестер: группировать по получателю',
    },
  },
  {
    navCommand: 'Harvester',
    commands: {
      newSession: 'Harvester: new session',
      start: 'Harvester: start or resume the session',
      pause: 'Harvester: pause the session',
      complete: 'Harvester: complete the session',
      restartErrored: 'Harvester: restart errored transactions',
      cancelActive: 'Harvester: cancel active transactions',
      nextTab: 'Harvester: next tab',
      previousTab: 'Harvester: previous tab',
      closeTab: 'Harvester: close the session tab',
      sessionsTab: 'Harvester: session list',
      profilesTab: 'Harvester: settings profiles',
      newProfile: 'Harvester: new profile',
      errorsOnly: 'Harvester: errors only',
      groupByTarget: 'Harvester: group by target',
    },
  },
);
