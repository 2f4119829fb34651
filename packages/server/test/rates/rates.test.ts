import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { convertMoney } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_RATES } from '../../src/integrations/market/index.ts';
import { createRatesPort, parseCbrDaily, RatesFetchError } from '../../src/integrations/rates/index.ts';
import { RatesService } from '../../src/modules/rates/service.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

/** The Central Bank of Russia's daily document as it publishes it (windows-1251, comma decimals). */
function cbrDocument(usd: string, eur: string): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="26.11.2026" name="Foreign Currency Market">` +
      `<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>\xc4\xee\xeb\xeb\xe0\xf0 \xd1\xd8\xc0</Name><Value>${usd}</Value></Valute>` +
      `<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>\xc5\xe2\xf0\xee</Name><Value>${eur}</Value></Valute>` +
      `<Valute ID="R01375"><NumCode>156</NumCode><CharCode>CNY</CharCode><Nominal>10</Nominal><Name>x</Name><Value>125,0000</Value></Valute>` +
      `</ValCurs>`,
    'latin1',
  );
}

/** A fake rates source on loopback: counts requests, answers the document or a failure. */
let fake: Server;
let fakeUrl: string;
let requests = 0;
let answer: { status: number; body: Buffer } = { status: 200, body: cbrDocument('80,0000', '100,0000') };

beforeAll(async () => {
  fake = createServer((_req, res) => {
    requests += 1;
    res.writeHead(answer.status, { 'content-type': 'application/xml; charset=windows-1251' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/scripts/XML_daily.asp`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('live rates from the Central Bank of Russia daily document', () => {
  it('read USD and EUR in roubles and derive every pair', () => {
    const rates = parseCbrDaily(cbrDocument('80,0000', '100,0000').toString('latin1'));
    const of = (from: string, to: string) => rates.find((r) => r.from === from && r.to === to)!;
    expect(of('USD', 'RUB')).toEqual({
      from: 'USD',
      to: 'RUB',
      rate: '80',
      asOf: '2026-11-26T00:00:00.000Z',
    });
    expect(of('RUB', 'USD').rate).toBe('0.0125');
    expect(of('EUR', 'USD').rate).toBe('1.25');
    expect(of('USD', 'EUR').rate).toBe('0.8');
    expect(rates).toHaveLength(6);
    expect(convertMoney({ currency: 'USD', amount: 10_500 }, of('USD', 'RUB'))).toEqual({
      currency: 'RUB',
      amount: 84_000,
    });
  });

  it('refuse a document without the rates', () => {
    expect(() => parseCbrDaily('<ValCurs Date="26.11.2026"></ValCurs>')).toThrow(RatesFetchError);
  });

  it('are fetched once and cached with their age; a failed fetch keeps the old rates, marked stale', async () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const port = createRatesPort({ mode: 'live', url: fakeUrl, now: () => now, ttlMs: 3600_000 });
    const before = requests;
    const first = await port.current();
    expect(first).toMatchObject({ source: 'live', stale: false, fetchedAt: new Date(now) });
    now += 10 * 60_000;
    await port.current();
    expect(requests - before).toBe(1);
    answer = { status: 503, body: Buffer.from('down') };
    now += 3600_000;
    const stale = await port.current();
    expect(requests - before).toBe(2);
    expect(stale.stale).toBe(true);
    expect(stale.rates).toEqual(first.rates);
    expect(stale.fetchedAt).toEqual(first.fetchedAt);
    answer = { status: 200, body: cbrDocument('90,0000', '99,0000') };
    now += 120_000;
    const renewed = await port.current();
    expect(renewed.stale).toBe(false);
    expect(renewed.rates.find((r) => r.from === 'USD' && r.to === 'RUB')?.rate).toBe('90');
  });

  it('fail while none were ever fetched', async () => {
    answer = { status: 500, body: Buffer.from('') };
    const port = createRatesPort({ mode: 'live', url: fakeUrl, now: Date.now });
    await expect(port.current()).rejects.toThrow(RatesFetchError);
    answer = { status: 200, body: cbrDocument('80,0000', '100,0000') };
  });
});

describe('an unreachable rates source', () => {
  it('is a state the answer carries (no rates, why in the user’s language), not a failed request', async () => {
    answer = { status: 503, body: Buffer.from('down') };
    const service = new RatesService(
      createRatesPort({ mode: 'live', url: fakeUrl, now: Date.now }),
      Date.now,
    );
    expect(await service.get('ru')).toEqual({
      source: 'live',
      rates: [],
      fetchedAt: null,
      ageSeconds: null,
      stale: false,
      unreachable: true,
      message: 'Курсы валют пока недоступны, суммы показаны в их собственной валюте',
    });
    expect((await service.get('en')).message).toBe(
      'Exchange rates are not available yet; amounts are shown in their own currency',
    );
    answer = { status: 200, body: cbrDocument('80,0000', '100,0000') };
    expect(await service.get('en')).toMatchObject({ unreachable: false, message: null, stale: false });
  });
});

describe('rates.get', () => {
  let t: AuthTestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createAuthTestApp();
    user = await signedInUser(t, 'rates');
  });
  afterAll(() => t.close());

  it('answers the sandbox market’s own table offline, with its age', async () => {
    const res = await t.call('GET', '/api/rates', { token: user.accessToken });
    const data = res.json().data;
    expect(data).toMatchObject({ source: 'sandbox', stale: false, unreachable: false, message: null });
    expect(data.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(data.rates).toContainEqual({
      from: 'USD',
      to: 'RUB',
      rate: SANDBOX_RATES.USD.RUB,
      asOf: '2026-01-01T00:00:00.000Z',
    });
    expect(data.rates).toHaveLength(6);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/rates')).statusCode).toBe(401);
  });
});
