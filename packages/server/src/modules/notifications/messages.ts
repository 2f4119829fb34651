import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the notifications area (the notifications' own texts are made by the reader, see the sdk). */
export const notificationMessages = {
  notFound: { ru: 'Уведомление не найдено', en: 'Notification not found' } as Texts,
};
