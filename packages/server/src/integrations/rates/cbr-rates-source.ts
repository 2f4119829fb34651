/**
 * Live rates from the Central Bank of Russia's daily XML (`XML_daily.asp`): the official rouble rates of USD and
 * EUR for the day, `<Valute><CharCode>USD</CharCode><Nominal>1</Nominal><Value>92,5000</Value></Valute>`. The
 * other pairs are derived from them (EUR→USD through the rouble). Chosen because it is public, needs no key,
 * covers RUB (the ECB's reference rates stopped quoting the rouble in 2022) and is what Russian traders reckon in.
 */
import type { Currency, ExchangeRate } from '@tradedeck/sdk/domain';
import { recordOutsideCall } from '../../ops/outside-calls.ts';
import type { RatesSource } from './port.ts';

export const DEFAULT_RATES_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';

export interface CbrRatesOptions {
  url: string;
  timeoutMs: number;
}

export class RatesFetchError extends Error {
  override name = 'RatesFetchError';
}

export class CbrRatesSource implements RatesSource {
  readonly mode = 'live';

  constructor(private readonly options: CbrRatesOptions) {}

  async fetch(): Promise<ExchangeRate[]> {
    let text: string;
    try {
      const res = await fetch(this.options.url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      recordOutsideCall('rates', res.status);
      if (!res.ok) throw new RatesFetchError(`the rates source answered HTTP ${res.status}`);
      // The document is windows-1251; the parts read here (tags, codes, digits) are ASCII in it.
      text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    } catch (error) {
      if (error instanceof RatesFetchError) throw error;
      recordOutsideCall('rates', null);
      throw new RatesFetchError(`the rates source cannot be reached: ${(error as Error).message}`);
    }
    return parseCbrDaily(text);
  }
}

/** The day's USD and EUR in roubles from the document, and every pair derived from them. */
export function parseCbrDaily(xml: string): ExchangeRate[] {
  const date = /<ValCurs[^>]*\bDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(xml);
  if (!date) throw new RatesFetchError('the rates document has no date');
  const asOf = `${date[3]}-${date[2]}-${date[1]}T00:00:00.000Z`;
  const rub = (code: 'USD' | 'EUR'): number => {
    const block = new RegExp(
      `<Valute[^>]*>(?:(?!</Valute>)[\\s\\S])*<CharCode>${code}</CharCode>(?:(?!</Valute>)[\\s\\S])*</Valute>`,
    ).exec(xml);
    const nominal = block && /<Nominal>(\d+)<\/Nominal>/.exec(block[0]);
    const value = block && /<Value>(\d+(?:,\d+)?)<\/Value>/.exec(block[0]);
    if (!nominal || !value) throw new RatesFetchError(`the rates document has no ${code} rate`);
    const perUnit = Number(value[1]!.replace(',', '.')) / Number(nominal[1]);
    if (!(perUnit > 0)) throw new RatesFetchError(`the rates document has a bad ${code} rate`);
    return perUnit;
  };
  const inRub: Record<Currency, number> = { RUB: 1, USD: rub('USD'), EUR: rub('EUR') };
  const codes = Object.keys(inRub) as Currency[];
  return codes.flatMap((from) =>
    codes
      .filter((to) => to !== from)
      .map((to) => ({ from, to, rate: decimal(inRub[from] / inRub[to]), asOf })),
  );
}

/** A rate as a plain decimal string with 8 significant digits (no exponent). */
function decimal(value: number): string {
  const digits = Math.max(0, 7 - Math.floor(Math.log10(value)));
  return value.toFixed(Math.min(digits, 12)).replace(/\.?0+$/, '');
}
