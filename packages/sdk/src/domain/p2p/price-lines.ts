/**
 * The price profile's bulk paste: one `name;price` line per item (the user's custom reference price; an empty
 * price clears it, as `priceProfile.import` takes it). The name is everything before the last semicolon, so a
 * name may hold one itself. Blank lines are skipped; every other line is either an entry or an issue with its
 * line number, so the paste editor shows what the server would refuse before anything is sent.
 */
import type { Language } from '../../i18n/messages.ts';
import { type Currency, type Money, parseMoney } from '../money/money.ts';

export type PriceLineIssueCode = 'no_separator' | 'no_name' | 'negative' | 'not_a_price' | 'duplicate';

export interface PriceLineEntry {
  line: number;
  name: string;
  /** Null clears the item's custom price. */
  price: Money | null;
}

export interface PriceLineIssue {
  line: number;
  text: string;
  code: PriceLineIssueCode;
  /** duplicate: the line that named the item first. */
  firstLine?: number;
}

export interface PriceLines {
  entries: PriceLineEntry[];
  issues: PriceLineIssue[];
}

/** A profile import takes at most this many lines at once. */
export const PRICE_LINES_MAX = 10_000;

export const priceLineIssueMessages: Readonly<
  Record<Language, Readonly<Record<PriceLineIssueCode, string>>>
> = {
  ru: {
    no_separator: 'Нет «;» между названием и ценой',
    no_name: 'Не указано название предмета',
    negative: 'Цена не может быть отрицательной',
    not_a_price: 'Цена — это число с не более чем {digits} знаками после запятой',
    duplicate: 'Предмет уже указан в строке {firstLine}',
  },
  en: {
    no_separator: 'No “;” between the name and the price',
    no_name: 'The item name is missing',
    negative: 'The price cannot be negative',
    not_a_price: 'The price is a number with at most {digits} digits after the point',
    duplicate: 'The item is already on line {firstLine}',
  },
};

/** The issue's text in the language, with the currency's digits and the first line filled in. */
export function priceLineIssueText(issue: PriceLineIssue, language: Language, currency: Currency): string {
  return priceLineIssueMessages[language][issue.code]
    .replace('{digits}', currency === 'RUB' ? '2' : '3')
    .replace('{firstLine}', String(issue.firstLine ?? ''));
}

type LineReading = { name: string; price: Money | null } | { code: PriceLineIssueCode };

function readLine(trimmed: string, currency: Currency): LineReading {
  const cut = trimmed.lastIndexOf(';');
  if (cut < 0) return { code: 'no_separator' };
  const name = trimmed.slice(0, cut).trim();
  const priceText = trimmed.slice(cut + 1).trim();
  if (name === '') return { code: 'no_name' };
  if (priceText === '') return { name, price: null };
  const price = parseMoney(priceText, currency);
  if (!price) return { code: /^-/.test(priceText) ? 'negative' : 'not_a_price' };
  return { name, price };
}

export function parsePriceLines(text: string, currency: Currency): PriceLines {
  const entries: PriceLineEntry[] = [];
  const issues: PriceLineIssue[] = [];
  const firstLineOf = new Map<string, number>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const reading = readLine(trimmed, currency);
    if ('code' in reading) {
      issues.push({ line, text: trimmed, code: reading.code });
      continue;
    }
    const key = reading.name.toLowerCase();
    const firstLine = firstLineOf.get(key);
    if (firstLine !== undefined) {
      issues.push({ line, text: trimmed, code: 'duplicate', firstLine });
      continue;
    }
    firstLineOf.set(key, line);
    entries.push({ line, ...reading });
  }
  return { entries, issues };
}
