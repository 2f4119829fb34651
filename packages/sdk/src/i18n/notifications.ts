/**
 * The texts of notifications, made at display time from a kind and its parameters in the reader's language (a
 * stored notification never carries free text).
 */
import type { Notification, NotificationContent, NotificationParams } from '../contract/notifications.ts';
import { formatMoney } from '../domain/money/money.ts';
import { platformReasonMessages } from '../domain/p2p/messages.ts';
import type { Language } from './messages.ts';

export interface NotificationText {
  title: string;
  body: string;
}

type BulkJob = NotificationParams<'bulkJobFinished'>['job'];
type TransferOutcome = NotificationParams<'transfer'>['outcome'];
type ReversedSubject = NotificationParams<'tradeReversed'>['subject'];

const REVERSED_SUBJECTS: Record<Language, Record<ReversedSubject, (id: number) => string>> = {
  en: {
    harvester: (id) => `Harvester transaction #${id}`,
    delivery: (id) => `Marketplace delivery #${id}`,
    move: (id) => `Move between your accounts #${id}`,
  },
  ru: {
    harvester: (id) => `Транзакция харвестера №${id}`,
    delivery: (id) => `Отправка проданных предметов №${id}`,
    move: (id) => `Перемещение между своими аккаунтами №${id}`,
  },
};

const BULK_JOBS: Record<Language, Record<BulkJob, string>> = {
  en: {
    proxyCheck: 'Proxy check',
    proxyImport: 'Proxy import',
    sellerStart: 'Starting seller accounts',
    sellerPause: 'Pausing seller accounts',
    sellerStop: 'Stopping seller accounts',
    sellerRemove: 'Deleting seller accounts',
  },
  ru: {
    proxyCheck: 'Проверка прокси',
    proxyImport: 'Импорт прокси',
    sellerStart: 'Запуск аккаунтов продавца',
    sellerPause: 'Пауза аккаунтов продавца',
    sellerStop: 'Остановка аккаунтов продавца',
    sellerRemove: 'Удаление аккаунтов продавца',
  },
};

const TRANSFER_OUTCOMES: Record<Language, Record<TransferOutcome, string>> = {
  en: { sent: 'Transfer sent', notSent: 'Transfer not sent', unknown: 'Transfer outcome unknown, checking' },
  ru: {
    sent: 'Перевод отправлен',
    notSent: 'Перевод не отправлен',
    unknown: 'Итог перевода неизвестен, проверяем',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

export function notificationText(
  notification: NotificationContent | Notification,
  lang: Language,
): NotificationText {
  const en = lang === 'en';
  switch (notification.kind) {
    case 'sellerPlatformError': {
      const { login, reason } = notification.params;
      return {
        title: en ? `Marketplace error on ${login}` : `Ошибка маркета на ${login}`,
        body: reason ? platformReasonMessages[lang][reason] : platformReasonMessages[lang].unknown,
      };
    }
    case 'saleHeldBack': {
      const { login, platform, items } = notification.params;
      const market = platform === 'waxpeer' ? 'Waxpeer' : 'TM';
      return {
        title: en
          ? `Sale held back on ${market} for ${login}`
          : `Продажа на ${market} для ${login} не передана`,
        body: en
          ? `${items} item(s) sold on another market first: this sale is not delivered and ${market} cancels it`
          : `Предметов: ${items}, они сначала проданы на другом маркете: эта продажа не передаётся, ${market} её отменит`,
      };
    }
    case 'bulkJobFinished': {
      const { job, total, succeeded, failed } = notification.params;
      return {
        title: en
          ? `Finished: ${BULK_JOBS.en[job].toLowerCase()}`
          : `Завершено: ${BULK_JOBS.ru[job].toLowerCase()}`,
        body: en
          ? `${total} in all: ${succeeded} succeeded, ${failed} failed`
          : `Всего ${total}: успешно ${succeeded}, с ошибкой ${failed}`,
      };
    }
    case 'harvesterSessionEnded': {
      const { sessionId, completed, failed, cancelled } = notification.params;
      return {
        title: en ? `Harvester session #${sessionId} ended` : `Сессия харвестера №${sessionId} завершена`,
        body: en
          ? `Completed ${completed}, errors ${failed}, cancelled ${cancelled}`
          : `Выполнено ${completed}, с ошибкой ${failed}, отменено ${cancelled}`,
      };
    }
    case 'transfer': {
      const { outcome, amount, fromLogin, toLogin } = notification.params;
      return {
        title: TRANSFER_OUTCOMES[lang][outcome],
        body: `${formatMoney(amount, LOCALES[lang])}: ${fromLogin} → ${toLogin}`,
      };
    }
    case 'saleReversed': {
      const { item, login, buyer, amount } = notification.params;
      const sum = formatMoney(amount, LOCALES[lang]);
      return {
        title: en ? `Sale reversed on ${login}` : `Продажа отменена на ${login}`,
        body: en
          ? `${item}: ${sum} taken back${buyer ? ` (buyer ${buyer})` : ''}`
          : `${item}: ${sum} списано обратно${buyer ? ` (покупатель ${buyer})` : ''}`,
      };
    }
    case 'tradeReversed': {
      const { subject, subjectId, login, tradeId } = notification.params;
      return {
        title: en ? `Trade reversed on ${login}` : `Обмен отменён отправителем на ${login}`,
        body: en
          ? `${REVERSED_SUBJECTS.en[subject](subjectId)}: trade ${tradeId} was rolled back under Trade Protection, the items went back`
          : `${REVERSED_SUBJECTS.ru[subject](subjectId)}: обмен ${tradeId} отменён в рамках Trade Protection, предметы вернулись`,
      };
    }
  }
}
