import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Refusals of the `Idempotency-Key` header (docs/api.md, "Idempotency-Key"). */
export const idempotencyMessages = {
  missing: {
    ru: 'Нужен заголовок Idempotency-Key: эта операция переводит деньги или предметы и не должна выполниться дважды',
    en: 'The Idempotency-Key header is required: this operation moves money or items and must not run twice',
  } as Texts,
  malformed: {
    ru: 'Заголовок Idempotency-Key: от 1 до 255 латинских букв, цифр и знаков . _ : ~ + / = -',
    en: 'The Idempotency-Key header: 1 to 255 Latin letters, digits and . _ : ~ + / = -',
  } as Texts,
  reused: {
    ru: 'Этот Idempotency-Key уже использован для другого запроса. Для нового действия нужен новый ключ',
    en: 'This Idempotency-Key was already used for another request. A new action needs a new key',
  } as Texts,
  inProgress: {
    ru: 'Запрос с этим Idempotency-Key ещё выполняется. Дождитесь его результата, не повторяйте',
    en: 'A request with this Idempotency-Key is still in progress. Wait for its outcome instead of repeating it',
  } as Texts,
  firstFailed: {
    ru: 'Первый запрос с этим Idempotency-Key завершился ошибкой сервера, и неизвестно, было ли действие выполнено. Проверьте результат (история переводов, обмены аккаунта) и только потом повторите с новым ключом',
    en: 'The first request with this Idempotency-Key failed on the server, and whether it acted is unknown. Check the outcome (transfer history, the account’s offers) before trying again with a new key',
  } as Texts,
};
