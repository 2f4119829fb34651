import { createHash } from 'node:crypto';
import { type contract, type ProfitOutput, ResultCode } from '@tradedeck/sdk/contract';
import { type Currency, type Money, moneyToDecimal } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { LedgerDeps } from './deps.ts';
import { KeptProfit, type KeptReport, PROFIT_SOURCES, profitKey } from './kept-profit.ts';
import { ledgerMessages } from './messages.ts';
import { Converter, periodOf, profitLines } from './profit.ts';
import { parsePurchaseCsv } from './purchase-csv.ts';
import { reconcileAccount } from './reconcile.ts';
import type { EntryFilter } from './repo.ts';
import { toEntry } from './views.ts';
import { LedgerWriter } from './writer.ts';

type Input<K extends keyof typeof contract.ledger> = z.output<(typeof contract.ledger)[K]['input']>;

const DAY_MS = 86_400_000;
const HOLD_DAYS = 8;
const EXPORT_CHUNK = 2_000;

function filterOf(input: {
  from?: string | undefined;
  to?: string | undefined;
  accountIds: number[];
}): EntryFilter {
  return {
    from: input.from ? new Date(input.from) : null,
    to: input.to ? new Date(input.to) : null,
    accountIds: input.accountIds,
  };
}

function csv(value: string): string {
  return /[",\n\r;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const LEDGER_CSV_HEADER =
  'id,occurred_at,kind,effect,realised,account,item,quantity,method,amount,currency,rate,note';
export const PROFIT_CSV_HEADER = 'key,revenue,cost,fees,profit,realised,pending,held,currency';

export class LedgerService {
  /** Profit reports kept between requests (kept-profit.ts). */
  readonly kept = new KeptProfit();

  constructor(private readonly deps: LedgerDeps) {}

  /** Refuses an account id that is not the user's, as a missing one is refused (the tenant rule). */
  private async ownFilter(userId: string, input: Parameters<typeof filterOf>[0]): Promise<EntryFilter> {
    const filter = filterOf(input);
    if (filter.accountIds.length === 0) return filter;
    const own = await this.deps.repo.run(userId, (q) => q.ownAccountIds(filter.accountIds));
    if (new Set(own).size !== new Set(filter.accountIds).size) {
      throw new AppError({ code: ResultCode.NotFound, text: ledgerMessages.accountNotFound });
    }
    return filter;
  }

  private async converter(userId: string, currency: Currency | undefined) {
    const to = currency ?? (await this.deps.displayedCurrency(userId));
    const snapshot = await this.deps.rates.current().catch(() => null);
    return { converter: new Converter(to, snapshot?.rates ?? []), rates: snapshot };
  }

  async profit(userId: string, input: Input<'profit'>): Promise<ProfitOutput> {
    const filter = await this.ownFilter(userId, input);
    const { converter, rates } = await this.converter(userId, input.currency);
    const by = input.by;
    const period = by === 'day' || by === 'week' || by === 'month';
    // Every account: the day totals kept with the entries; some accounts: the entries themselves.
    const fromDays = period && filter.accountIds.length === 0;
    const key = profitKey({
      userId,
      by,
      method: input.method,
      currency: converter.to,
      rates,
      filter,
      fromDays,
    });
    const kept = key === null ? undefined : this.kept.get(key);
    const keep = (at: string, report: KeptReport) => this.kept.set(at, report);
    return this.deps.repo.run(userId, async (q) => {
      const report = kept && !(await q.changedSince(kept.snapshot, PROFIT_SOURCES)) ? kept : await read();
      return {
        currency: converter.to,
        method: input.method,
        by,
        rows: report.rows,
        total: report.total,
        uncosted: await q.uncostedCount(filter),
        rates: report.rates,
      };

      async function read(): Promise<KeptReport> {
        // Taken before the sums are read, so a write they see and the snapshot does not only sends the next
        // request to read again.
        const snapshot = await q.snapshot();
        const sums = fromDays
          ? await q.days(filter.from, filter.to, input.method)
          : period
            ? await q.entryDays(filter, input.method)
            : await q.groups(filter, by as 'item' | 'account' | 'tag' | 'game', input.method);
        const keyOf = period ? (day: string) => periodOf(day, by) : undefined;
        const { rows, total } = profitLines(sums, converter, keyOf);
        const report = { snapshot: snapshot ?? '', rows, total, rates: [...converter.used.values()] };
        if (key !== null && snapshot !== null) keep(key, report);
        return report;
      }
    });
  }

  async entries(userId: string, input: Input<'entries'>) {
    const filter = await this.ownFilter(userId, input);
    const rows = await this.deps.repo.run(userId, (q) => q.page(filter, input.afterId, input.limit));
    return {
      items: rows.map(toEntry),
      nextAfterId: rows.length === input.limit ? (rows.at(-1)?.id ?? null) : null,
    };
  }

  async export(userId: string, input: Input<'export'>): Promise<AsyncIterable<string>> {
    if (input.what === 'profit') {
      const report = await this.profit(userId, { ...input });
      return (async function* () {
        yield `${PROFIT_CSV_HEADER}\n`;
        for (const row of [...report.rows, report.total])
          yield `${[
            row.key,
            ...[row.revenue, row.cost, row.fees, row.profit, row.realised, row.pending, row.held].map(
              moneyToDecimal,
            ),
            report.currency,
          ]
            .map(csv)
            .join(',')}\n`;
      })();
    }
    const { deps } = this;
    const filter = await this.ownFilter(userId, input);
    return (async function* () {
      yield `${LEDGER_CSV_HEADER}\n`;
      for (let after = 0; ; ) {
        const rows = await deps.repo.run(userId, (q) => q.page(filter, after, EXPORT_CHUNK));
        if (rows.length === 0) return;
        after = rows.at(-1)!.id;
        yield rows
          .map((row) =>
            [
              String(row.id),
              row.occurredAt.toISOString(),
              row.kind,
              row.effect,
              String(row.realised),
              row.accountLogin ?? '',
              row.marketHashName ?? '',
              String(row.quantity),
              row.method,
              moneyToDecimal({ currency: row.currency as Currency, amount: row.amount }),
              row.currency,
              row.rate ?? '',
              row.note ?? '',
            ]
              .map(csv)
              .join(','),
          )
          .join('\n')
          .concat('\n');
      }
    })();
  }

  async holds(userId: string, input: Input<'holds'>) {
    const { converter } = await this.converter(userId, input.currency);
    const now = this.deps.now();
    const held = await this.deps.repo.run(userId, async (q) => {
      await new LedgerWriter(q).settleDue(new Date(now));
      return q.held();
    });
    const accounts = new Map<number, { login: string; sums: Map<string, number>; next: Date | null }>();
    const today = Date.parse(new Date(now).toISOString().slice(0, 10));
    const days = Array.from({ length: HOLD_DAYS }, (_, i) => ({
      day: new Date(today + i * DAY_MS).toISOString().slice(0, 10),
      sums: new Map<string, number>(),
    }));
    for (const sale of held) {
      const account = accounts.get(sale.accountId) ?? {
        login: sale.accountLogin,
        sums: new Map(),
        next: null,
      };
      account.sums.set(sale.currency, (account.sums.get(sale.currency) ?? 0) + sale.amount);
      if (sale.settlesAt && (!account.next || sale.settlesAt < account.next)) account.next = sale.settlesAt;
      accounts.set(sale.accountId, account);
      const day = days.find((d) => d.day === sale.settlesAt?.toISOString().slice(0, 10));
      if (day) day.sums.set(sale.currency, (day.sums.get(sale.currency) ?? 0) + sale.amount);
    }
    const list = (sums: Map<string, number>): Money[] =>
      [...sums]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amount]) => ({
          currency: currency as Currency,
          amount,
        }));
    return {
      currency: converter.to,
      accounts: [...accounts].map(([accountId, account]) => ({
        accountId,
        login: account.login,
        held: list(account.sums),
        nextReleaseAt: account.next?.toISOString() ?? null,
      })),
      days: days.map((day) => ({
        day: day.day,
        amounts: list(day.sums),
        displayed: converter.money(
          [...day.sums].reduce(
            (sum, [currency, amount]) => sum + (converter.convert(amount, currency) ?? 0),
            0,
          ),
        ),
      })),
      sales: held.map((sale) => ({
        saleId: sale.id,
        login: sale.accountLogin,
        marketHashName: sale.marketHashName,
        amount: { currency: sale.currency as Currency, amount: sale.amount },
        releaseAt: sale.settlesAt?.toISOString() ?? null,
      })),
    };
  }

  /** Each line's outcome; a line imported before (the same text, the same time it occurs) is refused. */
  async importPurchases(userId: string, input: Input<'importPurchases'>, lang: Language) {
    const parsed = parsePurchaseCsv(input.text, input.currency, lang);
    const now = new Date(this.deps.now());
    const seen = new Map<string, number>();
    const keyed = parsed.lines.map((line) => {
      const digest = createHash('sha256')
        .update(`${input.currency}|${input.game}|${line.text}`)
        .digest('hex');
      const nth = (seen.get(digest) ?? 0) + 1;
      seen.set(digest, nth);
      return { ...line, sourceKey: `purchase:${digest.slice(0, 32)}:${nth}` };
    });
    const { written, costed } = await this.deps.repo.run(userId, async (q) => {
      const writer = new LedgerWriter(q);
      const before = await q.uncostedTotal();
      const written = await writer.purchases(
        keyed.map((line) => ({
          marketHashName: line.name,
          game: input.game,
          quantity: line.quantity,
          amount: line.amount,
          currency: input.currency,
          at: line.at ?? now,
          sourceKey: line.sourceKey,
        })),
      );
      return { written, costed: before - (await q.uncostedTotal()) };
    });
    const taken = new Set(written.map((row) => row.sourceKey));
    const lines = [
      ...parsed.refused.map((line) => ({
        line: line.line,
        name: line.name,
        ok: false,
        resultCode: ResultCode.ValidationError,
        message: line.message,
      })),
      ...keyed.map((line) =>
        taken.has(line.sourceKey)
          ? { line: line.line, name: line.name, ok: true, resultCode: 0, message: '' }
          : {
              line: line.line,
              name: line.name,
              ok: false,
              resultCode: ResultCode.OperationRejected,
              message: ledgerMessages.importRepeated[lang],
            },
      ),
    ].sort((a, b) => a.line - b.line);
    const imported = lines.filter((line) => line.ok).length;
    return { imported, failed: lines.length - imported, costed, lines };
  }

  async correct(userId: string, input: Input<'correct'>) {
    const now = new Date(this.deps.now());
    const row = await this.deps.repo.run(userId, async (q) => {
      const of = await q.entry(input.entryId);
      if (!of) return null;
      const key = createHash('sha256')
        .update(`${input.entryId}|${now.toISOString()}|${input.note}`)
        .digest('hex');
      return new LedgerWriter(q).correction(of, input.amount, input.note, now, key.slice(0, 32));
    });
    if (!row) throw new AppError({ code: ResultCode.NotFound, text: ledgerMessages.entryNotFound });
    return toEntry(row);
  }

  async reconcile(userId: string, input: Input<'reconcile'>) {
    const accounts = await this.deps.repo.run(userId, (q) => q.marketAccounts());
    const chosen =
      input.marketAccountIds.length === 0
        ? accounts
        : accounts.filter((account) => input.marketAccountIds.includes(account.id));
    if (chosen.length !== new Set(input.marketAccountIds).size && input.marketAccountIds.length > 0) {
      throw new AppError({ code: ResultCode.NotFound, text: ledgerMessages.accountNotFound });
    }
    const answers = [];
    for (const account of chosen) answers.push(await reconcileAccount(this.deps, userId, account));
    return { accounts: answers };
  }
}
