import { type contract, ResultCode } from '@tradedeck/sdk/contract';
import { type Money, parsePriceLines, priceLineIssueText } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import type { LotsShared } from './deps.ts';
import { lotMessages } from './messages.ts';
import type { PriceWriteRow } from './price-repo.ts';
import { moneyOf, toPriceRow } from './views.ts';

type Input<K extends keyof typeof contract.priceProfile> = z.output<
  (typeof contract.priceProfile)[K]['input']
>;

/** Market hash names are at most this long. */
const MAX_NAME_LENGTH = 300;

interface ImportLine {
  line: number;
  name: string;
  ok: boolean;
  price: Money | null;
  resultCode: number;
  message: string;
}

/** The name part of a refused line (everything before its last `;`). */
function nameOf(text: string): string {
  const cut = text.lastIndexOf(';');
  return (cut < 0 ? text : text.slice(0, cut)).trim();
}

/** The price profile: the user's custom prices (bulk `name;price` import) and the provider prices with their age. */
export class PriceService {
  constructor(private readonly deps: LotsShared) {}

  async query(userId: string, input: Input<'query'>) {
    const { page, pageSize } = input.pages;
    const { rows, total } = await this.deps.repo.run(userId, (q) =>
      q.prices.page(input, input.sort, page, pageSize),
    );
    const now = this.deps.now();
    return { items: rows.map((row) => toPriceRow(row, now)), total, page, pageSize };
  }

  /**
   * Each non-empty line `name;price`, read by the sdk's `parsePriceLines` (the paste editor shows the same issues
   * before sending): the last `;` separates the price, an empty price clears it, a repeated name is refused.
   */
  async import(userId: string, input: Input<'import'>, lang: Language) {
    const parsed = parsePriceLines(input.text, input.currency);
    const lines: ImportLine[] = parsed.issues.map((issue) => ({
      line: issue.line,
      name: nameOf(issue.text),
      ok: false,
      price: null,
      resultCode: ResultCode.ValidationError,
      message: priceLineIssueText(issue, lang, input.currency),
    }));
    const writes: PriceWriteRow[] = [];
    for (const entry of parsed.entries) {
      if (entry.name.length > MAX_NAME_LENGTH) {
        lines.push({
          line: entry.line,
          name: entry.name,
          ok: false,
          price: null,
          resultCode: ResultCode.ValidationError,
          message: lotMessages.importNameTooLong[lang],
        });
        continue;
      }
      writes.push({
        game: input.game,
        marketHashName: entry.name,
        source: 'custom',
        currency: input.currency,
        amount: entry.price?.amount ?? null,
      });
      lines.push({
        line: entry.line,
        name: entry.name,
        ok: true,
        price: entry.price,
        resultCode: 0,
        message: '',
      });
    }
    lines.sort((a, b) => a.line - b.line);
    await this.deps.repo.run(userId, (q) => q.prices.write(writes, new Date(this.deps.now())));
    return { imported: writes.length, failed: lines.length - writes.length, lines };
  }

  async setCustom(userId: string, input: Input<'setCustom'>) {
    const now = new Date(this.deps.now());
    const row = await this.deps.repo.run(userId, async (q) => {
      await q.prices.write(
        [
          {
            game: input.game,
            marketHashName: input.marketHashName,
            source: 'custom',
            currency: input.price?.currency ?? 'RUB',
            amount: input.price?.amount ?? null,
          },
        ],
        now,
      );
      return q.prices.one(input.game, input.marketHashName);
    });
    return toPriceRow(row!, now.getTime());
  }

  async history(userId: string, input: Input<'history'>) {
    const rows = await this.deps.repo.run(userId, (q) =>
      q.prices.history(
        input.game,
        input.marketHashName,
        input.from ? new Date(input.from) : null,
        input.to ? new Date(input.to) : null,
        input.sources,
      ),
    );
    return {
      points: rows.map((row) => ({
        at: row.at.toISOString(),
        source: row.source as 'custom' | 'provider' | 'median',
        price: moneyOf(row.currency, Number(row.price)),
      })),
    };
  }
}
