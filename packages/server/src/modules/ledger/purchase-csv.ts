/**
 * Purchase prices from CSV, one outcome per line (the house way for imports: docs/ledger.md, Import). Plain lines
 * `name,price[,quantity[,date]]` (`;` also separates), or a file with a header line naming its columns: the item
 * (`market_hash_name`, `name`, `item`), the price (`price`, `paid`), and optionally `quantity`/`count`,
 * `time`/`date` and `event` (only `buy` rows are purchases, as TM's history names them). Prices are decimals in
 * the import's currency; a `time` of digits is Unix seconds, as TM's history gives it.
 */
import { type Currency, parseMoney } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { ledgerMessages } from './messages.ts';

export interface PurchaseLine {
  line: number;
  name: string;
  quantity: number;
  amount: number;
  at: Date | null;
  text: string;
}

export interface RefusedLine {
  line: number;
  name: string;
  message: string;
}

const MAX_NAME_LENGTH = 300;
const NAME_COLUMNS = ['market_hash_name', 'name', 'item'];
const PRICE_COLUMNS = ['price', 'paid'];
const QUANTITY_COLUMNS = ['quantity', 'count'];
const TIME_COLUMNS = ['time', 'date'];

/** Splits one CSV line on `,` or `;` outside double quotes. */
export function splitCsv(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';') {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

interface Columns {
  name: number;
  price: number;
  quantity: number;
  time: number;
  event: number;
}

function headerOf(fields: string[]): Columns | null {
  const lower = fields.map((field) => field.toLowerCase());
  const find = (names: string[]) => lower.findIndex((field) => names.includes(field));
  const name = find(NAME_COLUMNS);
  const price = find(PRICE_COLUMNS);
  if (name < 0 || price < 0) return null;
  return { name, price, quantity: find(QUANTITY_COLUMNS), time: find(TIME_COLUMNS), event: find(['event']) };
}

function dateOf(text: string): Date | null {
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : new Date(at);
}

export function parsePurchaseCsv(
  text: string,
  currency: Currency,
  lang: Language,
): { lines: PurchaseLine[]; refused: RefusedLine[] } {
  const lines: PurchaseLine[] = [];
  const refused: RefusedLine[] = [];
  let columns: Columns = { name: 0, price: 1, quantity: 2, time: 3, event: -1 };
  const all = text.split(/\r?\n/);
  for (let index = 0; index < all.length; index++) {
    const raw = all[index]!.trim();
    if (raw === '') continue;
    const fields = splitCsv(raw);
    const header = lines.length === 0 && refused.length === 0 ? headerOf(fields) : null;
    if (header) {
      columns = header;
      continue;
    }
    const line = index + 1;
    const name = fields[columns.name] ?? '';
    const refuse = (message: keyof typeof ledgerMessages) =>
      refused.push({ line, name, message: ledgerMessages[message][lang] });
    if (columns.event >= 0 && (fields[columns.event] ?? '').toLowerCase() !== 'buy') continue;
    if (name === '') {
      refuse('importNoName');
      continue;
    }
    if (name.length > MAX_NAME_LENGTH) {
      refuse('importNameTooLong');
      continue;
    }
    const price = parseMoney(fields[columns.price] ?? '', currency);
    if (!price || price.amount <= 0) {
      refuse('importBadPrice');
      continue;
    }
    const quantityText = columns.quantity >= 0 ? (fields[columns.quantity] ?? '') : '';
    const quantity = quantityText === '' ? 1 : Number(quantityText);
    if (!Number.isInteger(quantity) || quantity < 1) {
      refuse('importBadQuantity');
      continue;
    }
    const timeText = columns.time >= 0 ? (fields[columns.time] ?? '') : '';
    const at = timeText === '' ? null : dateOf(timeText);
    if (timeText !== '' && !at) {
      refuse('importBadDate');
      continue;
    }
    // The price is per unit; the entry holds what the whole line cost.
    lines.push({ line, name, quantity, amount: price.amount * quantity, at, text: raw });
  }
  return { lines, refused };
}
