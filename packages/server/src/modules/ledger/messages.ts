import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the ledger area. */
export const ledgerMessages = {
  entryNotFound: { ru: 'Запись не найдена', en: 'Ledger entry not found' } as Texts,
  accountNotFound: { ru: 'Аккаунт не найден', en: 'Account not found' } as Texts,
  importNoName: { ru: 'Не указано название предмета', en: 'The item name is missing' } as Texts,
  importBadPrice: {
    ru: 'Цена должна быть положительным числом',
    en: 'The price must be a positive number',
  } as Texts,
  importBadQuantity: {
    ru: 'Количество должно быть целым числом от 1',
    en: 'The quantity must be a whole number of at least 1',
  } as Texts,
  importBadDate: { ru: 'Не удалось прочитать дату', en: 'The date could not be read' } as Texts,
  importNameTooLong: {
    ru: 'Название длиннее 300 символов',
    en: 'The name is longer than 300 characters',
  } as Texts,
  importRepeated: {
    ru: 'Эта строка уже импортирована',
    en: 'This line was already imported',
  } as Texts,
  noRates: {
    ru: 'Нет курсов валют: суммы показаны в своей валюте',
    en: 'No exchange rates: amounts are shown in their own currency',
  } as Texts,
};
