import { defineTexts } from '../../i18n/define-texts.ts';
/** The p2pAccounts texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const p2pAccountsShellTexts = defineTexts(
  {
    navCommand: 'P2P: аккаунты',
    commands: {
      add: 'P2P аккаунты: добавить',
      view: 'P2P аккаунты: открыть аккаунт под курсором',
      start: 'P2P аккаунты: запустить выбранные',
      pause: 'P2P аккаунты: поставить выбранные на паузу',
      stop: 'P2P аккаунты: остановить выбранные',
      remove: 'P2P аккаунты: удалить выбранные',
      search: 'P2P аккаунты: поиск',
      refresh: 'P2P аккаунты: обновить список',
      retryFailed: 'P2P аккаунты: повторить для неудачных',
      retryAll: 'P2P аккаунты: повторить для всех',
      toggleForce: 'P2P аккаунты: принудительно (отменить активные обмены)',
    },
  },
  {
    navCommand: 'P2P: accounts',
    commands: {
      add: 'P2P accounts: add',
      view: 'P2P accounts: open the account under the cursor',
      start: 'P2P accounts: start the selected',
      pause: 'P2P accounts: pause the selected',
      stop: 'P2P accounts: stop the selected',
      remove: 'P2P accounts: delete the selected',
      search: 'P2P accounts: search',
      refresh: 'P2P accounts: refresh the list',
      retryFailed: 'P2P accounts: retry the failed',
      retryAll: 'P2P accounts: retry all',
      toggleForce: 'P2P accounts: force (cancel active trades)',
    },
  },
);
