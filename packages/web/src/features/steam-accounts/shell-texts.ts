import { defineTexts } from '../../i18n/define-texts.ts';
/** The steamAccounts texts the shell shows on every screen (the command palette's commands, the sandbox badge); the rest load with the screen. */
export const steamAccountsShellTexts = defineTexts(
  {
    navCommand: 'Steam аккаунты',
    sandbox: 'Песочница',
    sandboxHint:
      'Сервер работает в режиме песочницы: Steam симулируется, настоящие аккаунты не затрагиваются',
    commands: {
      add: 'Steam аккаунты: добавить',
      view: 'Steam аккаунты: открыть аккаунт под курсором',
      copyGuardCode: 'Steam аккаунты: скопировать код Steam Guard',
      assignProxies: 'Steam аккаунты: назначить прокси списком',
      tags: 'Steam аккаунты: теги выбранных',
      remove: 'Steam аккаунты: удалить выбранные',
      search: 'Steam аккаунты: поиск',
      refresh: 'Steam аккаунты: обновить список',
      openInventory: 'Steam аккаунты: открыть инвентарь',
      refreshInventory: 'Steam аккаунты: обновить инвентарь',
      refreshOpenInventory: 'Steam аккаунты: обновить инвентарь открытого аккаунта',
      wizardNext: 'Добавление аккаунтов: далее или добавить',
      retryFailed: 'Добавление аккаунтов: повторить неудачные',
    },
  },
  {
    navCommand: 'Steam Accounts',
    sandbox: 'Sandbox',
    sandboxHint: 'The server runs in sandbox mode: Steam is simulated, no real account is touched',
    commands: {
      add: 'Steam accounts: add',
      view: 'Steam accounts: open the account under the cursor',
      copyGuardCode: 'Steam accounts: copy the Steam Guard code',
      assignProxies: 'Steam accounts: assign proxies from lines',
      tags: 'Steam accounts: tags of the selected',
      remove: 'Steam accounts: remove the selected',
      search: 'Steam accounts: search',
      refresh: 'Steam accounts: refresh the list',
      openInventory: 'Steam accounts: open inventory',
      refreshInventory: 'Steam accounts: refresh inventory',
      refreshOpenInventory: "Steam accounts: refresh the open account's inventory",
      wizardNext: 'Add accounts: next step or add',
      retryFailed: 'Add accounts: retry failed',
    },
  },
);
