import { defineTexts } from '../../i18n/define-texts.ts';

/** Texts of the offline page (in the main bundle: it shows when nothing more can be downloaded). */
export const offlineTexts = defineTexts(
  {
    title: 'Нет подключения',
    description: 'Не удаётся связаться с сервером. Проверьте интернет-соединение.',
    auto: 'Мы переподключимся автоматически и вернём вас туда, где вы были.',
    check: 'Проверить подключение',
  },
  {
    title: 'You are offline',
    description: 'The server cannot be reached. Check your internet connection.',
    auto: 'We reconnect automatically and take you back where you were.',
    check: 'Check connection',
  },
);

/** Texts of the maintenance page. */
export const maintenanceTexts = defineTexts(
  {
    title: 'Технические работы',
    description: 'Сервис временно недоступен. Скоро всё заработает.',
    reason: 'Причина',
    eta: 'Ожидаемое завершение',
    check: 'Проверить доступность',
    checking: 'Проверяем…',
    auto: 'Страница проверяет доступность каждые 30 секунд.',
    failed: 'Не удалось получить статус сервиса',
  },
  {
    title: 'Maintenance',
    description: 'The service is temporarily unavailable. It will be back soon.',
    reason: 'Reason',
    eta: 'Estimated completion',
    check: 'Check availability',
    checking: 'Checking…',
    auto: 'This page checks availability every 30 seconds.',
    failed: 'Could not get the service status',
  },
);
