/** Texts of the harvester's rules and error reasons in both languages (web, CLI and server share them). */
import type { Language } from '../../i18n/messages.ts';
import { tradeFailureMessages } from '../trading/messages.ts';
import type { HarvesterProfileProblem } from './profile-rules.ts';
import type { HarvesterErrorReason } from './schemas.ts';

export const harvesterProfileMessages: Readonly<
  Record<Language, Readonly<Record<HarvesterProfileProblem, string>>>
> = {
  ru: {
    noGameSelected: 'Выберите хотя бы одну игру',
    giveBackCurrencyMismatch: 'Порог стоимости и лимит суммы возврата должны быть в одной валюте',
  },
  en: {
    noGameSelected: 'Select at least one game',
    giveBackCurrencyMismatch:
      'The item value threshold and the total return value limit must be in one currency',
  },
};

const ownReasons = {
  ru: {
    offerDeclined: 'Предложение обмена отклонено или отменено',
    tradeFailed: 'Обмен не состоялся (встречное предложение, срок истёк или откат)',
    inventoryChanged: 'Предметов больше нет в инвентаре источника',
    accountUnavailable: 'Аккаунт недоступен (удалён или без SteamID)',
  },
  en: {
    offerDeclined: 'The trade offer was declined or cancelled',
    tradeFailed: 'The trade did not happen (countered, expired or rolled back)',
    inventoryChanged: 'The items are no longer in the source inventory',
    accountUnavailable: 'The account is unavailable (removed or without a SteamID)',
  },
} as const;

/** The text of a transaction's error reason. */
export const harvesterErrorMessages: Readonly<
  Record<Language, Readonly<Record<HarvesterErrorReason, string>>>
> = {
  ru: { ...tradeFailureMessages.ru, ...ownReasons.ru },
  en: { ...tradeFailureMessages.en, ...ownReasons.en },
};
