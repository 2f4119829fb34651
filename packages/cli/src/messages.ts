import type { Language } from '@tradedeck/sdk/i18n';
import type { accountsEn } from './messages-accounts.ts';
import type { harvesterEn } from './messages-harvester.ts';
import type { kitEn } from './messages-kit.ts';
import type { lotsEn } from './messages-lots.ts';
import type { mafilesEn } from './messages-mafiles.ts';
import type { p2pEn } from './messages-p2p.ts';
import type { proxiesEn } from './messages-proxies.ts';
import type { tradingEn } from './messages-trading.ts';

const en = {
  description: 'Tradedeck on the command line: Steam accounts, proxies, trading.',
  optServer: 'server URL (default: saved with "tradedeck config set server", else http://127.0.0.1:8080)',
  optJson: 'print machine-readable JSON',
  optLang: 'language of messages: ru or en',
  statusDescription: 'show whether the server answers, its version, mode and maintenance state',
  configDescription: 'show or change saved settings',
  configGetDescription: 'print a saved setting (or all of them)',
  configSetDescription: 'save a setting: server, language',
  statusServer: 'Server',
  statusReachable: 'reachable',
  statusVersion: 'Version',
  statusMode: 'Mode',
  statusDatabase: 'Database',
  statusMaintenance: 'Maintenance',
  maintenanceOff: 'off',
  maintenanceOn: 'ON',
  maintenanceUntil: 'until {eta}',
  unreachable: 'Cannot reach the Tradedeck server at {url}: {reason}',
  timeout: 'The Tradedeck server at {url} did not answer in time',
  serverError: 'The server answered with an error: {message}',
  badServerUrl: 'Not a server URL: "{value}" (expected e.g. http://127.0.0.1:8080)',
  unknownSetting: 'Unknown setting "{key}"; known: {known}',
  badLanguage: 'Language must be ru or en, got "{value}"',
  saved: 'Saved {key} = {value}',
  authNeeded: 'Sign in first: tradedeck login',
  reasonRefused: 'connection refused (is the server running?)',
  reasonNotFound: 'host not found',
  reasonReset: 'connection reset',
  optToken: 'use this access token (or set TRADEDECK_TOKEN); with login it is saved',
  loginDescription: 'sign in: asks for e-mail, password and, when enabled, the second factor',
  loginEmail: 'e-mail address (asked when missing)',
  loginPasswordStdin: 'read the password from standard input (for scripts)',
  askEmail: 'E-mail',
  askPassword: 'Password',
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
  signedIn: 'Signed in as {userName} <{email}> ({role}) on {server}',
  logoutDescription: 'sign out: ends this device session and forgets the saved token',
  signedOut: 'Signed out of {server}',
  settingsDescription: 'show or change the account currencies: displayed and TM preferred (RUB, EUR, USD)',
  settingsGetDescription: 'print the account currencies',
  settingsSetDescription: 'save a currency: settings set displayed EUR, settings set tm USD',
  settingsBadField: 'Unknown currency setting "{field}": use displayed or tm',
  settingsBadCurrency: 'Currency must be RUB, EUR or USD, got "{value}"',
  settingsDefault: '(default of the language until you choose)',
  ratesDescription: 'show the conversion rates amounts are shown with, and their age',
  ratesHeader: 'Rates: {source}, fetched {age} s ago{stale}',
  whoamiDescription: 'show the signed-in user',
  whoamiLine: '{userName} <{email}>, {role}, {status}; two-factor: {twoFactor}; server {server}',
  adminDescription: 'moderation for administrators: users, approvals, bans, the mail outbox',
  adminUsersDescription: 'list users (newest first)',
  adminStatusOption: 'only users in this state: pendingConfirmation, pendingApproval, active, banned',
  adminSearchOption: 'only users whose e-mail or name contains this text',
  adminPageOption: 'page number (50 per page)',
  adminApproveDescription: 'approve a user (id or e-mail)',
  adminBanDescription: 'ban a user (id or e-mail); their sessions end at once',
  adminReasonOption: 'reason, shown to administrators',
  adminUnbanDescription: 'lift a ban (id or e-mail)',
  adminEndSessionsDescription:
    'end every session of a user (id or e-mail) and close their connections; not a ban, they can sign in again',
  adminSessionsEnded: '{who}: sessions ended: {ended}',
  adminOutboxDescription: 'mail kept in the database when no SMTP server is configured',
  adminLimitOption: 'how many mails to show (newest first)',
  adminUserNotFound: 'No user with e-mail {email}',
  adminDone: '{email}: {status}',
  adminTotal: '{shown} of {total} users',
  adminTwoFactorHint: 'Turn on the authenticator app in the web app: {url}',
  outboxEmpty: 'The outbox is empty (mail goes out over SMTP, or none was sent yet)',
  hubDescription: 'live hubs: connect, invoke methods and watch events (socket debugging)',
  hubConnectDescription: 'connect to a hub and print every protocol frame as a JSON line',
  optHubInvoke: 'invoke this hub method once connected',
  optHubPayload:
    'JSON arguments for --invoke: an array is spread into arguments, anything else is one argument',
  optHubOn: 'listen to this event (repeatable); keeps running until Ctrl+C, --count or --timeout',
  optHubCount: 'stop after this many --on events',
  optHubTimeout: 'stop after this many seconds',
  hubUnknown: 'Unknown hub "{hub}"; hubs: {known}',
  hubBadPayload: '--payload is not valid JSON: {reason}',
  hubPayloadWithoutInvoke: '--payload needs --invoke',
  hubBadNumber: '{option} must be a positive whole number, got "{value}"',
  hubConnected: 'Connected to {hub} at {url} (connection {id})',
  hubConnectFailed: 'Could not connect to {hub}: {reason}',
  hubInvokeFailed: '{method} failed: {error}',
  hubLost: 'Connection lost, reconnecting…',
  hubRestored: 'Connection restored',
  hubClosed: 'Connection closed',
  hubDesync: 'Events of {source} out of step (expected version {expected}, got {received}); resubscribing',
  sandboxBadge: '[sandbox] the server simulates Steam: nothing here reaches real accounts',
  promptCancelled: 'Cancelled at the prompt: nothing was sent',
} as const;

type Messages = { [K in keyof typeof en]: string };

const ru: Messages = {
  description: 'Tradedeck в командной строке: аккаунты Steam, прокси, торговля.',
  optServer:
    'адрес сервера (по умолчанию сохранённый командой "tradedeck config set server", иначе http://127.0.0.1:8080)',
  optJson: 'вывод в JSON для скриптов',
  optLang: 'язык сообщений: ru или en',
  statusDescription: 'показать, отвечает ли сервер, его версию, режим и состояние обслуживания',
  configDescription: 'показать или изменить сохранённые настройки',
  configGetDescription: 'вывести сохранённую настройку (или все)',
  configSetDescription: 'сохранить настройку: server, language',
  statusServer: 'Сервер',
  statusReachable: 'доступен',
  statusVersion: 'Версия',
  statusMode: 'Режим',
  statusDatabase: 'База данных',
  statusMaintenance: 'Обслуживание',
  maintenanceOff: 'нет',
  maintenanceOn: 'ИДЁТ',
  maintenanceUntil: 'до {eta}',
  unreachable: 'Не удалось подключиться к серверу Tradedeck {url}: {reason}',
  timeout: 'Сервер Tradedeck {url} не ответил вовремя',
  serverError: 'Сервер ответил ошибкой: {message}',
  badServerUrl: 'Это не адрес сервера: "{value}" (пример: http://127.0.0.1:8080)',
  unknownSetting: 'Неизвестная настройка "{key}"; есть: {known}',
  badLanguage: 'Язык должен быть ru или en, а не "{value}"',
  saved: 'Сохранено: {key} = {value}',
  authNeeded: 'Сначала войдите: tradedeck login',
  reasonRefused: 'соединение отклонено (сервер запущен?)',
  reasonNotFound: 'хост не найден',
  reasonReset: 'соединение сброшено',
  optToken: 'использовать этот токен доступа (или TRADEDECK_TOKEN); с login он сохраняется',
  loginDescription: 'войти: спросит e-mail, пароль и, если включён, второй фактор',
  loginEmail: 'адрес e-mail (спросит, если не указан)',
  loginPasswordStdin: 'прочитать пароль из стандартного ввода (для скриптов)',
  askEmail: 'E-mail',
  askPassword: 'Пароль',
  askTotp: 'Код из приложения-аутентификатора',
  askEmailCode: 'Код из письма',
  orRecovery: '(или код восстановления XXXXX-XXXXX)',
  wrongCode: 'Неверный код',
  stepUpSecrets: 'Это действие открывает или заменяет секретные данные: подтвердите его вторым фактором.',
  stepUpTwoFactorSettings: 'Изменение защиты аккаунта: подтвердите его вторым фактором.',
  stepUpAdmin: 'Действия администратора в этом сеансе: введите код из приложения-аутентификатора.',
  stepUpWithdrawal:
    'Деньги или предметы уходят с ваших аккаунтов (перевод, обмен с чужим аккаунтом, подтверждение обмена, запуск продавца): подтвердите это вторым фактором.',
  stepUpApiManagement: 'Управление API-ключами и платёжным паролем маркета: подтвердите его вторым фактором.',
  stepUpMailed: 'Код отправлен на e-mail аккаунта.',
  signedIn: 'Вы вошли как {userName} <{email}> ({role}) на {server}',
  logoutDescription: 'выйти: завершает этот сеанс и забывает сохранённый токен',
  signedOut: 'Вы вышли из {server}',
  settingsDescription:
    'показать или изменить валюты аккаунта: отображения и предпочитаемую на TM (RUB, EUR, USD)',
  settingsGetDescription: 'показать валюты аккаунта',
  settingsSetDescription: 'сохранить валюту: settings set displayed EUR, settings set tm USD',
  settingsBadField: 'Неизвестная настройка валюты "{field}": укажите displayed или tm',
  settingsBadCurrency: 'Валюта должна быть RUB, EUR или USD, а не "{value}"',
  settingsDefault: '(по умолчанию для языка, пока вы не выбрали)',
  ratesDescription: 'показать курсы, по которым пересчитываются суммы, и их возраст',
  ratesHeader: 'Курсы: {source}, получены {age} с назад{stale}',
  whoamiDescription: 'показать, кто вошёл',
  whoamiLine: '{userName} <{email}>, {role}, {status}; второй фактор: {twoFactor}; сервер {server}',
  adminDescription: 'модерация для администраторов: пользователи, одобрение, блокировки, исходящая почта',
  adminUsersDescription: 'список пользователей (сначала новые)',
  adminStatusOption: 'только в этом состоянии: pendingConfirmation, pendingApproval, active, banned',
  adminSearchOption: 'только те, чей e-mail или имя содержит этот текст',
  adminPageOption: 'номер страницы (по 50)',
  adminApproveDescription: 'одобрить пользователя (id или e-mail)',
  adminBanDescription: 'заблокировать пользователя (id или e-mail); его сеансы завершатся сразу',
  adminReasonOption: 'причина, видна администраторам',
  adminUnbanDescription: 'снять блокировку (id или e-mail)',
  adminEndSessionsDescription:
    'завершить все сеансы пользователя (id или e-mail) и закрыть его соединения; это не блокировка, он может войти снова',
  adminSessionsEnded: '{who}: завершено сеансов: {ended}',
  adminOutboxDescription: 'письма, сохранённые в базе, когда SMTP-сервер не настроен',
  adminLimitOption: 'сколько писем показать (сначала новые)',
  adminUserNotFound: 'Нет пользователя с e-mail {email}',
  adminDone: '{email}: {status}',
  adminTotal: '{shown} из {total} пользователей',
  adminTwoFactorHint: 'Включите приложение-аутентификатор в веб-приложении: {url}',
  outboxEmpty: 'Исходящих писем нет (почта уходит через SMTP или ещё не отправлялась)',
  hubDescription: 'живые хабы: подключение, вызов методов и просмотр событий (отладка сокетов)',
  hubConnectDescription: 'подключиться к хабу и выводить каждый кадр протокола строкой JSON',
  optHubInvoke: 'вызвать этот метод хаба после подключения',
  optHubPayload: 'аргументы --invoke в JSON: массив раскрывается в аргументы, иное значение — один аргумент',
  optHubOn: 'слушать это событие (можно несколько раз); работает до Ctrl+C, --count или --timeout',
  optHubCount: 'остановиться после стольких событий --on',
  optHubTimeout: 'остановиться через столько секунд',
  hubUnknown: 'Неизвестный хаб "{hub}"; есть: {known}',
  hubBadPayload: '--payload — не JSON: {reason}',
  hubPayloadWithoutInvoke: '--payload нужен вместе с --invoke',
  hubBadNumber: '{option} должно быть целым положительным числом, а не "{value}"',
  hubConnected: 'Подключено к {hub} на {url} (соединение {id})',
  hubConnectFailed: 'Не удалось подключиться к {hub}: {reason}',
  hubInvokeFailed: '{method}: ошибка: {error}',
  hubLost: 'Соединение потеряно, переподключение…',
  hubRestored: 'Соединение восстановлено',
  hubClosed: 'Соединение закрыто',
  hubDesync:
    'События {source} рассинхронизированы (ожидалась версия {expected}, пришла {received}); переподписка',
  sandboxBadge: '[песочница] сервер имитирует Steam: настоящие аккаунты не затрагиваются',
  promptCancelled: 'Отменено на вопросе: ничего не отправлено',
};

/** Every text key: the shared texts above and those of every area, loaded or not. */
export type MessageKey =
  | keyof typeof en
  | keyof typeof accountsEn
  | keyof typeof harvesterEn
  | keyof typeof kitEn
  | keyof typeof lotsEn
  | keyof typeof mafilesEn
  | keyof typeof p2pEn
  | keyof typeof proxiesEn
  | keyof typeof tradingEn;

type Texts = Readonly<Record<string, string>>;

/** The texts loaded so far, by language: the shared ones above, then each area's as its module loads. */
const loaded: Record<Language, Texts[]> = { en: [en], ru: [ru] };

/**
 * Adds an area's texts; each `messages-<area>.ts` calls it as it loads. Commander's commands load every area
 * (`messages-all.ts`); a command started directly loads only the areas it uses (`direct-commands.ts`).
 */
export function addTexts(enTexts: Texts, ruTexts: Texts): void {
  loaded.en.push(enTexts);
  loaded.ru.push(ruTexts);
}

export function message(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = textOf(lang, key);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function textOf(lang: Language, key: MessageKey): string {
  for (const texts of loaded[lang]) {
    const text = texts[key];
    if (text !== undefined) return text;
  }
  // A command that uses an area whose texts it did not load: named, so the mistake is found at once.
  throw new Error(`text "${key}" is not loaded`);
}
