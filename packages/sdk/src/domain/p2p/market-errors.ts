/**
 * The market's own error words (TM's `bad_item`, `too_often`…, or the port's reason when the market said nothing
 * more) as a sentence in the user's language, so a refused lot never shows a raw code. A code not known here is
 * named after a general sentence, for support.
 */
import type { Language } from '../../i18n/messages.ts';

type MarketErrorKind =
  | 'gone'
  | 'tooOften'
  | 'badKey'
  | 'notInInventory'
  | 'currency'
  | 'tradeRestricted'
  | 'badRequest'
  | 'unavailable'
  | 'noAnswer'
  | 'steamSession';

/** TM's texts (notes market.md §2.2) and the port's reasons, by what they mean to the trader. */
const KINDS: readonly [RegExp, MarketErrorKind][] = [
  [/bad_item|unknownItem/i, 'gone'],
  [/too_often|too often|too many requests|rateLimited/i, 'tooOften'],
  [/^bad key$|badKey/i, 'badKey'],
  [
    /inventory_not_loaded|item_not_rec(ie|ei)ved|item_not_in_inventory|no_description_found|item_not_inserted|itemNotInInventory/i,
    'notInInventory',
  ],
  [/currency/i, 'currency'],
  [/you cant trade|you can't trade|trade ban|trade hold|tradeRestricted/i, 'tradeRestricted'],
  [/bad_input|bad_request|badRequest/i, 'badRequest'],
  [/marketUnavailable/i, 'unavailable'],
  [/^no answer$/i, 'noAnswer'],
  [/^steam session/i, 'steamSession'],
];

const TEXTS: Readonly<Record<Language, Readonly<Record<MarketErrorKind, string>>>> = {
  ru: {
    gone: 'лота уже нет на маркете: он продан или снят с продажи',
    tooOften: 'маркет просит подождать: цена менялась слишком часто',
    badKey: 'маркет не принял API-ключ',
    notInInventory: 'маркет не видит предмет в инвентаре Steam',
    currency: 'валюта не совпадает с валютой аккаунта на маркете',
    tradeRestricted: 'аккаунт сейчас не может обмениваться в Steam',
    badRequest: 'маркет счёл запрос неверным',
    unavailable: 'маркет недоступен, повторите позже',
    noAnswer: 'маркет не ответил',
    steamSession: 'сессия Steam аккаунта недоступна',
  },
  en: {
    gone: 'the listing is no longer on the market: it sold or was removed',
    tooOften: 'the market asks to wait: the price changed too often',
    badKey: 'the market did not accept the API key',
    notInInventory: 'the market does not see the item in the Steam inventory',
    currency: "the currency differs from the market account's",
    tradeRestricted: 'the account cannot trade on Steam right now',
    badRequest: 'the market found the request invalid',
    unavailable: 'the market is unavailable, try again later',
    noAnswer: 'the market did not answer',
    steamSession: "the account's Steam session is unavailable",
  },
};

const UNKNOWN: Readonly<Record<Language, string>> = {
  ru: 'маркет ответил ошибкой ({code})',
  en: 'the market answered with an error ({code})',
};

export function marketErrorText(code: string, language: Language): string {
  const kind = KINDS.find(([pattern]) => pattern.test(code.trim()))?.[1];
  return kind ? TEXTS[language][kind] : UNKNOWN[language].replace('{code}', code.trim());
}
