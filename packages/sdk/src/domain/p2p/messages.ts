/** Texts of the seller's platform reasons and delivery failures in both languages (web and CLI show them). */
import type { Language } from '../../i18n/messages.ts';
import type { DeliveryFailure, PlatformReason } from './seller.ts';

export const platformReasonMessages: Readonly<Record<Language, Readonly<Record<PlatformReason, string>>>> = {
  en: {
    notRunning: 'Not running',
    badKey: 'The market rejects the API key (Bad KEY)',
    marketBanned: 'The market banned selling on this account',
    marketCheckFailed: 'The market account check failed (trade link or token)',
    tradeTokenMissing: 'The market has no trade token for this account and cannot deliver to buyers',
    notOnline: 'The market did not put the account online',
    pingFailed: 'Ping failed',
    pingStale: 'No successful ping for over 3 minutes',
    currencyMismatch: 'The market currency differs from the account currency',
    deliveriesPending: 'Sold items wait to be sent',
    deliveryFailed: 'A delivery failed',
    marketUnavailable: 'The market is unavailable',
    rateLimited: 'The market rate limit: requests wait',
    tradeRestricted: 'Steam restricts trading on the account',
    steamSession: 'No Steam web session',
    unknown: 'Unknown error',
  },
  ru: {
    notRunning: 'Не запущен',
    badKey: 'Маркет не принимает API-ключ (Bad KEY)',
    marketBanned: 'Маркет запретил продажи на этом аккаунте',
    marketCheckFailed: 'Проверка аккаунта на маркете не пройдена (ссылка на обмен или токен)',
    tradeTokenMissing:
      'У маркета нет токена обмена для этого аккаунта: он не может передавать предметы покупателям',
    notOnline: 'Маркет не перевёл аккаунт в онлайн',
    pingFailed: 'Пинг не прошёл',
    pingStale: 'Больше 3 минут без успешного пинга',
    currencyMismatch: 'Валюта маркета не совпадает с валютой аккаунта',
    deliveriesPending: 'Проданные предметы ждут отправки',
    deliveryFailed: 'Передача не удалась',
    marketUnavailable: 'Маркет недоступен',
    rateLimited: 'Лимит запросов маркета: запросы ждут',
    tradeRestricted: 'Steam ограничил обмен на аккаунте',
    steamSession: 'Нет веб-сессии Steam',
    unknown: 'Неизвестная ошибка',
  },
};

export const deliveryFailureMessages: Readonly<Record<Language, Readonly<Record<DeliveryFailure, string>>>> =
  {
    en: {
      cancelled: 'Cancelled by a force stop',
      offerRefused: 'Steam refused the offer',
      notSent: 'The offer was never sent',
      expired: 'The market no longer waits for it',
      soldElsewhere: 'Sold on another market first: not delivered, the market cancels this sale',
      tooLate: 'A minute or less was left to send: not sent, the market cancels this sale',
    },
    ru: {
      cancelled: 'Отменено принудительной остановкой',
      offerRefused: 'Steam отклонил предложение',
      notSent: 'Предложение не было отправлено',
      expired: 'Маркет больше не ждёт передачу',
      soldElsewhere: 'Сначала продано на другом маркете: не передаём, маркет отменит эту продажу',
      tooLate: 'До срока отправки оставалась минута или меньше: не отправлено, маркет отменит продажу',
    },
  };
