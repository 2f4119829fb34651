import { defineTexts } from './registry.ts';

/** Texts every command may show: global options, reaching the server, signing in and step-up, hub connection notices. */
export const sharedTexts = defineTexts('shared', {
  en: {
    description: 'Tradedeck on the command line: Steam accounts, proxies, trading.',
    optServer: 'server URL (default: saved with "tradedeck config set server", else http://127.0.0.1:8080)',
    optJson: 'print machine-readable JSON',
    optLang: 'language of messages: ru or en',
    unreachable: 'Cannot reach the Tradedeck server at {url}: {reason}',
    timeout: 'The Tradedeck server at {url} did not answer in time',
    serverError: 'The server answered with an error: {message}',
    badServerUrl: 'Not a server URL: "{value}" (expected e.g. http://127.0.0.1:8080)',
    badLanguage: 'Language must be ru or en, got "{value}"',
    authNeeded: 'Sign in first: tradedeck login',
    reasonRefused: 'connection refused (is the server running?)',
    reasonNotFound: 'host not found',
    reasonReset: 'connection reset',
    optToken: 'use this access token (or set TRADEDECK_TOKEN); with login it is saved',
    optWorkspace:
      'act in this workspace, by id or name (or set TRADEDECK_WORKSPACE); default your personal one',
    workspaceUnknown: 'You are not a member of a workspace named "{name}": see tradedeck workspace list',
    workspaceAmbiguous:
      'Several of your workspaces are named "{name}": give its id (tradedeck workspace list)',
    askTotp: 'Code from the authenticator app',
    askEmailCode: 'Code from the e-mail',
    orRecovery: '(or a recovery code XXXXX-XXXXX)',
    wrongCode: 'Wrong code',
    stepUpSecrets: 'This reveals or replaces secrets: confirm it with your second factor.',
    stepUpTwoFactorSettings: 'A change to your account protection: confirm it with your second factor.',
    stepUpAdmin: 'Administrator actions in this session: enter the code from your authenticator app.',
    stepUpWithdrawal:
      'Money or items leave your accounts (a transfer, an offer to someone else, a trade confirmation, starting the seller): confirm it with your second factor.',
    stepUpApiManagement:
      'Managing marketplace API keys and the payment password: confirm it with your second factor.',
    stepUpMailed: 'A code was sent to the account e-mail.',
    hubConnectFailed: 'Could not connect to {hub}: {reason}',
    hubLost: 'Connection lost, reconnecting…',
    hubRestored: 'Connection restored',
    sandboxBadge: '[sandbox] the server simulates Steam: nothing here reaches real accounts',
    promptCancelled: 'Cancelled at the prompt: nothing was sent',
  },
  ru: {
    description: 'Tradedeck в командной строке: аккаунты Steam, прокси, торговля.',
    optServer:
      'адрес сервера (по умолчанию сохранённый командой "tradedeck config set server", иначе http://127.0.0.1:8080)',
    optJson: 'вывод в JSON для скриптов',
    optLang: 'язык сообщений: ru или en',
    unreachable: 'Не удалось подключиться к серверу Tradedeck {url}: {reason}',
    timeout: 'Сервер Tradedeck {url} не ответил вовремя',
    serverError: 'Сервер ответил ошибкой: {message}',
    badServerUrl: 'Это не адрес сервера: "{value}" (пример: http://127.0.0.1:8080)',
    badLanguage: 'Язык должен быть ru или en, а не "{value}"',
    authNeeded: 'Сначала войдите: tradedeck login',
    reasonRefused: 'соединение отклонено (сервер запущен?)',
    reasonNotFound: 'хост не найден',
    reasonReset: 'соединение сброшено',
    optToken: 'использовать этот токен доступа (или TRADEDECK_TOKEN); с login он сохраняется',
    optWorkspace:
      'работать в этом рабочем пространстве, по id или имени (или TRADEDECK_WORKSPACE); по умолчанию в личном',
    workspaceUnknown: 'Вы не участник рабочего пространства «{name}»: см. tradedeck workspace list',
    workspaceAmbiguous:
      'Несколько ваших рабочих пространств называются «{name}»: укажите id (tradedeck workspace list)',
    askTotp: 'Код из приложения-аутентификатора',
    askEmailCode: 'Код из письма',
    orRecovery: '(или код восстановления XXXXX-XXXXX)',
    wrongCode: 'Неверный код',
    stepUpSecrets: 'Это действие открывает или заменяет секретные данные: подтвердите его вторым фактором.',
    stepUpTwoFactorSettings: 'Изменение защиты аккаунта: подтвердите его вторым фактором.',
    stepUpAdmin: 'Действия администратора в этом сеансе: введите код из приложения-аутентификатора.',
    stepUpWithdrawal:
      'Деньги или предметы уходят с ваших аккаунтов (перевод, обмен с чужим аккаунтом, подтверждение обмена, запуск продавца): подтвердите это вторым фактором.',
    stepUpApiManagement:
      'Управление API-ключами и платёжным паролем маркета: подтвердите его вторым фактором.',
    stepUpMailed: 'Код отправлен на e-mail аккаунта.',
    hubConnectFailed: 'Не удалось подключиться к {hub}: {reason}',
    hubLost: 'Соединение потеряно, переподключение…',
    hubRestored: 'Соединение восстановлено',
    sandboxBadge: '[песочница] сервер имитирует Steam: настоящие аккаунты не затрагиваются',
    promptCancelled: 'Отменено на вопросе: ничего не отправлено',
  },
});
