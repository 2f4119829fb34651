import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck hub connect`. */
export const hubTexts = defineTexts('hub', {
  en: {
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
    hubInvokeFailed: '{method} failed: {error}',
    hubClosed: 'Connection closed',
    hubDesync: 'Events of {source} out of step (expected version {expected}, got {received}); resubscribing',
  },
  ru: {
    hubDescription: 'живые хабы: подключение, вызов методов и просмотр событий (отладка сокетов)',
    hubConnectDescription: 'подключиться к хабу и выводить каждый кадр протокола строкой JSON',
    optHubInvoke: 'вызвать этот метод хаба после подключения',
    optHubPayload:
      'аргументы --invoke в JSON: массив раскрывается в аргументы, иное значение — один аргумент',
    optHubOn: 'слушать это событие (можно несколько раз); работает до Ctrl+C, --count или --timeout',
    optHubCount: 'остановиться после стольких событий --on',
    optHubTimeout: 'остановиться через столько секунд',
    hubUnknown: 'Неизвестный хаб "{hub}"; есть: {known}',
    hubBadPayload: '--payload — не JSON: {reason}',
    hubPayloadWithoutInvoke: '--payload нужен вместе с --invoke',
    hubBadNumber: '{option} должно быть целым положительным числом, а не "{value}"',
    hubConnected: 'Подключено к {hub} на {url} (соединение {id})',
    hubInvokeFailed: '{method}: ошибка: {error}',
    hubClosed: 'Соединение закрыто',
    hubDesync:
      'События {source} рассинхронизированы (ожидалась версия {expected}, пришла {received}); переподписка',
  },
});
