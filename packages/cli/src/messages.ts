import type { Language } from '@tradedeck/sdk/i18n';

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
};

export type MessageKey = keyof typeof en;

export function message(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = (lang === 'ru' ? ru : en)[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
