import { describe, expect, it } from 'vitest';
import {
  classifyTradeError,
  eresultInText,
  TRADE_ERESULT_REASONS,
  TRADE_FAILURE_REASONS,
  TRADE_REASON_RETRY,
  tradeFailureMessages,
} from '../../src/domain/index.ts';

describe('trading failure table', () => {
  it.each([
    [{ eresult: 15 }, 'accessDenied'],
    [{ eresult: 16 }, 'timeout'],
    [{ eresult: 17 }, 'tradeBan'],
    [{ eresult: 20 }, 'serviceUnavailable'],
    [{ eresult: 25 }, 'offerLimitExceeded'],
    [{ eresult: 26 }, 'itemsUnavailable'],
    [{ eresult: 27 }, 'offerExpired'],
    [{ eresult: 42 }, 'offerNotFound'],
    [{ eresult: 50 }, 'tooManyOffersToPartner'],
    [{ eresult: 84 }, 'rateLimited'],
    [{ eresult: 999 }, 'unknownError'],
    [{ httpStatus: 429 }, 'rateLimited'],
    [{ httpStatus: 401 }, 'sessionExpired'],
    [{ httpStatus: 503 }, 'serviceUnavailable'],
    [{ httpStatus: 500, text: 'There was an error sending your trade offer. (26)' }, 'itemsUnavailable'],
    [{ text: 'The user is not available to trade. (15)' }, 'targetCannotTrade'],
    [{ text: 'You cannot trade: new device (15)' }, 'newDevice'],
    [{ text: 'You have a trade ban' }, 'tradeBan'],
    // steam-tradeoffer-manager lib/helpers.js: the partner's ban, and two texts without a "(N)".
    [
      { httpStatus: 500, text: 'You cannot trade with Bravo because they have a trade ban.' },
      'targetCannotTrade',
    ],
    [
      { text: 'You have sent too many trade offers, or have too many outstanding offers.' },
      'offerLimitExceeded',
    ],
    [
      { text: "We were unable to contact the game's item server. Please try again later." },
      'serviceUnavailable',
    ],
    [{ httpStatus: 200, eresult: 1 }, 'unknownError'],
  ] as const)('classifies %j as %s', (signal, reason) => {
    expect(classifyTradeError(signal)).toBe(reason);
  });

  it('reads the code at the end of a Steam error text only', () => {
    expect(eresultInText('There was an error accepting this trade offer. (11)')).toBe(11);
    expect(eresultInText('(11) at the start')).toBeNull();
    expect(eresultInText('You have sent too many trade offers')).toBe(25);
    expect(eresultInText("We were unable to contact the game's item server.")).toBe(20);
  });

  it('gives every reason a retry policy and texts in both languages', () => {
    for (const reason of TRADE_FAILURE_REASONS) {
      expect(TRADE_REASON_RETRY[reason]).toBeTruthy();
      expect(tradeFailureMessages.en[reason]).toBeTruthy();
      expect(tradeFailureMessages.ru[reason]).toBeTruthy();
    }
    for (const reason of Object.values(TRADE_ERESULT_REASONS))
      expect(TRADE_FAILURE_REASONS).toContain(reason);
    expect(TRADE_REASON_RETRY.rateLimited).toBe('coolDownProxy');
    expect(TRADE_REASON_RETRY.sessionRevoked).toBe('signIn');
    expect(TRADE_REASON_RETRY.timeout).toBe('reconcile');
  });
});
