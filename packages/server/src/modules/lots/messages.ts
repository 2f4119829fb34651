import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the lots, sales and price profile areas (docs/product-trading.md §8 "P2P lots"). */
export const lotMessages = {
  lotNotFound: { ru: 'Лот не найден', en: 'Lot not found' } as Texts,
  jobNotFound: { ru: 'Задача переоценки не найдена', en: 'Repricing job not found' } as Texts,
  accountNotFound: { ru: 'P2P-аккаунт не найден', en: 'P2P account not found' } as Texts,
  noItemsSelected: { ru: 'Не выбраны предметы', en: 'No items selected' } as Texts,
  noValidOrders: { ru: 'Нет подходящих ордеров', en: 'No valid orders' } as Texts,
  noOrdersInGroup: {
    ru: 'В группе нет ордеров для переоценки',
    en: 'No orders in the group to reprice',
  } as Texts,
  deleteError: { ru: 'Ошибка удаления', en: 'Delete error' } as Texts,
  someNotDeleted: {
    ru: 'Удалено: {deleted}, не удалось удалить: {failed}',
    en: 'Deleted: {deleted}, failed to delete: {failed}',
  } as Texts,
  updateError: { ru: 'Ошибка обновления', en: 'Update error' } as Texts,
  syncError: { ru: 'Ошибка синхронизации', en: 'Sync error' } as Texts,
  copyError: { ru: 'Ошибка копирования', en: 'Copy error' } as Texts,
  interruptedUnknown: {
    ru: 'Переоценка прервана во время отправки: рынок мог принять цену, следующая синхронизация её покажет',
    en: 'Repricing was cut while this price was being sent: the market may have taken it, the next sync shows it',
  } as Texts,
  interruptedNotSent: {
    ru: 'Переоценка прервана: цена не отправлена',
    en: 'Repricing was cut: this price was not sent',
  } as Texts,
  repriceError: { ru: 'Ошибка массовой переоценки', en: 'Bulk reprice error' } as Texts,
  addToSaleError: {
    ru: 'Не удалось выставить некоторые предметы',
    en: 'Some items could not be listed',
  } as Texts,
  notInInventory: {
    ru: 'Предмет не в инвентаре или уже выставлен',
    en: 'The item is not in the inventory or is already listed',
  } as Texts,
  notOnSale: { ru: 'Лот не выставлен на продажу', en: 'The lot is not on sale' } as Texts,
  listingSold: {
    ru: 'Лот уже продан: цену менять нельзя',
    en: 'The lot is already sold: its price cannot change',
  } as Texts,
  listingGone: {
    ru: 'Лота больше нет на рынке: продан или снят с продажи',
    en: 'The lot is no longer on the market: sold or delisted',
  } as Texts,
  currencyMismatch: {
    ru: 'Валюта цены не совпадает с валютой аккаунта',
    en: 'The price currency differs from the account currency',
  } as Texts,
  priceNotPositive: { ru: 'Цена должна быть больше нуля', en: 'The price must be above zero' } as Texts,
  marketRefused: { ru: 'Маркет отклонил операцию', en: 'The market refused the operation' } as Texts,
  marketUnavailable: {
    ru: 'Маркет недоступен, повторите позже',
    en: 'The market is unavailable, try again later',
  } as Texts,
  importNameTooLong: {
    ru: 'Название предмета длиннее 300 символов',
    en: 'The item name is longer than 300 characters',
  } as Texts,
} as const;

/** Fills `{name}` placeholders. */
export function fill(text: Texts, values: Record<string, string | number>): Texts {
  const apply = (value: string) => value.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
  return { ru: apply(text.ru), en: apply(text.en) };
}
