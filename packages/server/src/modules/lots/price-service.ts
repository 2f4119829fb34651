import { type contract, ResultCode } from '@tradedeck/sdk/contract';
import { parseMoney } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import type { LotsShared } from './deps.ts';
import { lotMessages } from './messages.ts';
import type { PriceWriteRow } from './price-repo.ts';
import { moneyOf, toPriceRow } from './views.ts';

type Input<K extends keyof typeof contract.priceProfile> = z.output<
  (typeof contract.priceProfile)[K]['input']
>;

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

  /** Each non-empty line `name;price`: the last `;` separates the price (names may hold one); empty clears it. */
  async import(userId: string, input: Input<'import'>, lang: Language) {
    const lines: {
      line: number;
      name: string;
      ok: boolean;
      price: ReturnType<typeof moneyOf> | null;
      resultCode: number;
      message: string;
    }[] = [];
    const writes: PriceWriteRow[] = [];
    for (const [index, text] of input.text.split(/\r?\n/).entries()) {
      if (text.trim() === '') continue;
      const cut = text.lastIndexOf(';');
      const name = cut < 0 ? text.trim() : text.slice(0, cut).trim();
      const priceText = cut < 0 ? null : text.slice(cut + 1).trim();
      const refuse = (message: string) => {
        lines.push({
          line: index + 1,
          name,
          ok: false,
          price: null,
          resultCode: ResultCode.ValidationError,
          message,
        });
      };
      if (priceText === null || name === '' || name.length > 300) {
        refuse(lotMessages.importLineFormat[lang]);
        continue;
      }
      const price = priceText === '' ? null : parseMoney(priceText, input.currency);
      if (priceText !== '' && !price) {
        refuse(lotMessages.importPriceInvalid[lang]);
        continue;
      }
      writes.push({
        game: input.game,
        marketHashName: name,
        source: 'custom',
        currency: input.currency,
        amount: price?.amount ?? null,
      });
      lines.push({ line: index + 1, name, ok: true, price, resultCode: 0, message: '' });
    }
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
