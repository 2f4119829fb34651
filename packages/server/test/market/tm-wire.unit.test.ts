/** TM's wire formats: floats of major units read through their decimal text, and TM's error strings as reasons. */
import { describe, expect, it } from 'vitest';
import { reasonOfTmError } from '../../src/integrations/market/live/tm-errors.ts';
import { steamId64Of } from '../../src/integrations/market/live/tm-json.ts';
import { unitsFromInteger, unitsFromMajor } from '../../src/integrations/market/live/tm-units.ts';

describe('TM money on the wire', () => {
  it('reads get-money floats as units without float error', () => {
    expect(unitsFromMajor(0.29, 'USD')).toEqual({ currency: 'USD', amount: 290 });
    expect(unitsFromMajor(1.001, 'EUR')).toEqual({ currency: 'EUR', amount: 1_001 });
    expect(unitsFromMajor(123.45, 'RUB')).toEqual({ currency: 'RUB', amount: 12_345 });
    expect(unitsFromMajor(0.1 + 0.2, 'USD')).toEqual({ currency: 'USD', amount: 300 });
    expect(unitsFromMajor('19.999', 'USD')).toEqual({ currency: 'USD', amount: 19_999 });
    expect(unitsFromMajor(1e-7, 'USD')).toEqual({ currency: 'USD', amount: 0 });
    expect(unitsFromMajor(-2.5, 'RUB')).toEqual({ currency: 'RUB', amount: -250 });
    expect(unitsFromMajor('12.345', 'RUB')).toEqual({ currency: 'RUB', amount: 1_235 });
    expect(unitsFromMajor('abc', 'USD')).toBeNull();
    expect(unitsFromMajor(null, 'USD')).toBeNull();
  });

  it('reads search prices as integer units and refuses anything else', () => {
    expect(unitsFromInteger(1_240, 'USD')).toEqual({ currency: 'USD', amount: 1_240 });
    expect(unitsFromInteger('99950', 'RUB')).toEqual({ currency: 'RUB', amount: 99_950 });
    expect(unitsFromInteger(12.4, 'USD')).toBeNull();
    expect(unitsFromInteger('12.40', 'USD')).toBeNull();
  });

  it('turns TM trade partners into SteamID64s', () => {
    expect(steamId64Of(1)).toBe('76561197960265729');
    expect(steamId64Of('76561198000000000')).toBe('76561198000000000');
  });
});

describe("TM's errors", () => {
  it.each([
    ['Bad KEY', 'badKey'],
    ['too_often', 'rateLimited'],
    ['wrong_payment_password', 'wrongPaymentPassword'],
    ['not_enough_money', 'insufficientFunds'],
    ['bad_receiver', 'receiverNotFound'],
    ['bad_currency', 'currencyMismatch'],
    ['1001', 'currencyChangeRefused'],
    ['1007', 'currencyChangeRefused'],
    ['inventory_not_loaded', 'itemNotInInventory'],
    ['item_not_recieved', 'itemNotInInventory'],
    ['bad_item', 'unknownItem'],
    ['You cant trade until 2026-08-01', 'tradeRestricted'],
    ['bad_input', 'badRequest'],
    ['something new', 'unknownError'],
  ])('%s is %s', (error, reason) => {
    expect(reasonOfTmError(error)).toBe(reason);
  });
});
