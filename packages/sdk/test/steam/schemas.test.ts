import { describe, expect, it } from 'vitest';
import {
  ADD_ACCOUNT_REASONS,
  addAccountReasonMessages,
  addAccountsInputSchema,
  addAccountsResultSchema,
  extractMafiles,
  extractMafilesResultSchema,
  extractResultToWire,
  formatFailedAccounts,
  formatInvalidMafiles,
  generateGuardCode,
  guardCodeRemainingSeconds,
  guardCodeResultSchema,
  LINE_FAILURE_REASONS,
  lineFailureMessages,
  MAFILE_FAILURE_REASONS,
  MAFILE_WARNINGS,
  mafileFailureMessages,
  mafileWarningMessages,
  steamAccountSchema,
} from '../../src/domain/index.ts';
import { uploadsFrom } from './fixtures.ts';

const account = {
  id: 1,
  login: 'trader1',
  steamId: '76561202255230001',
  avatarUri: null,
  proxyId: 7,
  proxy: { address: '203.0.113.5', port: 8080 },
  tags: [{ id: 2, name: 'farm' }],
  balances: [{ currency: 'USD', amount: 1250 }],
  accountStatus: 0,
};

describe('Steam account schemas', () => {
  it('the entity keeps SteamIDs as decimal strings and rejects numbers', () => {
    expect(steamAccountSchema.parse(account).steamId).toBe('76561202255230001');
    expect(steamAccountSchema.safeParse({ ...account, steamId: 76561202255230000 }).success).toBe(false);
    expect(steamAccountSchema.safeParse({ ...account, accountStatus: 3 }).success).toBe(false);
  });

  it('the add payload: accounts by index, at least one, distribute needs its options', () => {
    const item = { login: 'a', password: 'p', mafile: '{"shared_secret":"x"}', proxyId: null };
    expect(addAccountsInputSchema.safeParse({ accounts: { '0': item } }).success).toBe(true);
    expect(addAccountsInputSchema.parse({ accounts: { '0': item } }).mode).toBe('multiple');
    expect(addAccountsInputSchema.safeParse({ accounts: {} }).success).toBe(false);
    expect(addAccountsInputSchema.safeParse({ accounts: { x: item } }).success).toBe(false);
    expect(addAccountsInputSchema.safeParse({ mode: 'distribute', accounts: { '0': item } }).success).toBe(
      false,
    );
    expect(
      addAccountsInputSchema.safeParse({ mode: 'single', accounts: { '0': item, '1': item } }).success,
    ).toBe(false);
    expect(addAccountsInputSchema.safeParse({ accounts: { '0': { ...item, password: '' } } }).success).toBe(
      false,
    );
    expect(
      addAccountsInputSchema.safeParse({
        accounts: {
          '0': {
            ...item,
            proxyData: { protocol: null, address: 'h.example', port: 70000, username: null, password: null },
          },
        },
      }).success,
    ).toBe(false);
  });

  it('the add result: added accounts and errors by index with a known reason', () => {
    const result = {
      addedAccounts: [account],
      errors: {
        '1': { reason: 'invalidSteamGuardType', message: addAccountReasonMessages.ru.invalidSteamGuardType },
      },
    };
    expect(addAccountsResultSchema.safeParse(result).success).toBe(true);
    expect(
      addAccountsResultSchema.safeParse({ ...result, errors: { '1': { reason: 'nope', message: '' } } })
        .success,
    ).toBe(false);
  });

  it('extraction answers carry no secret outside the maFile text and pass their schema', async () => {
    const result = await extractMafiles(
      [...uploadsFrom('mafiles/valid'), ...uploadsFrom('mafiles/invalid')],
      {
        tryExtractProxy: true,
      },
    );
    const wire = extractResultToWire(result, 'en');
    expect(extractMafilesResultSchema.safeParse(wire).success).toBe(true);
    const withoutText = wire.extractedData.map(({ mafile: _mafile, ...rest }) => rest);
    for (const item of result.extracted) {
      expect(JSON.stringify(withoutText)).not.toContain(item.mafile.sharedSecret);
    }
    expect(wire.invalidMafiles[0]!.message).toBe(mafileFailureMessages.en[wire.invalidMafiles[0]!.reason]);
  });

  it('a guard code answer', async () => {
    const time = 1723332288;
    const answer = {
      code: await generateGuardCode('KDHC3rsY8+CmiswnXJcE5e5dRfd=', time),
      remainingSeconds: guardCodeRemainingSeconds(time),
    };
    expect(guardCodeResultSchema.parse(answer)).toEqual({ code: 'JQ3HQ', remainingSeconds: 12 });
  });
});

describe('texts', () => {
  it('every reason and warning has a Russian and an English text', () => {
    const tables: [readonly string[], Record<'ru' | 'en', Record<string, string>>][] = [
      [MAFILE_FAILURE_REASONS, mafileFailureMessages],
      [MAFILE_WARNINGS, mafileWarningMessages],
      [ADD_ACCOUNT_REASONS, addAccountReasonMessages],
      [LINE_FAILURE_REASONS, lineFailureMessages],
    ];
    for (const [codes, texts] of tables) {
      for (const code of codes) {
        expect(texts.ru[code], code).toMatch(/[а-яё]/i);
        expect(texts.en[code], code).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('formats the spec lists', () => {
    expect(formatInvalidMafiles(['a.maFile', 'b.txt'], 'ru')).toBe('Невалидные мафайлы: a.maFile, b.txt');
    expect(
      formatFailedAccounts(
        [
          { login: 'a', reason: 'noProxy' },
          { login: 'b', reason: 'proxyError' },
        ],
        'en',
      ),
    ).toBe('a: No proxy, b: Proxy error');
  });
});
