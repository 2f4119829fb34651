/**
 * The wizard's view of a distribute add that met Steam's rate limit: the server answers "proxy error" for the row
 * that met it and "no proxy" for rows no proxy of the tag could take; both are shown as "{login}: {reason}" and
 * both are sent again by "retry failed", still in the distribute mode.
 */
import { extractedMafileToWire, parseMafileText } from '@tradedeck/sdk/domain';
import { describe, expect, it } from 'vitest';
import {
  afterSubmit,
  applyAccountLines,
  planSubmit,
  retryableRows,
  rowsFromExtraction,
  summarize,
} from '../src/features/steam-accounts/add-wizard/wizard-logic.ts';

const SECRET = 'KDHC3rsY8+CmiswnXJcE5e5dRfc=';
const distribute = { mode: 'distribute' as const, tryExtractProxy: false, language: 'ru' as const };
const choice = { proxyTagId: 3, maxAccountsPerProxy: 2 };

function loadedRows(logins: string[]) {
  const extractedData = logins.map((login, i) => {
    const text = JSON.stringify({ shared_secret: SECRET, identity_secret: SECRET, account_name: login });
    const parsed = parseMafileText(text, { tryExtractProxy: false });
    if (!parsed.ok) throw new Error(parsed.reason);
    return extractedMafileToWire({
      fileName: `${i}.maFile`,
      mafile: parsed.mafile,
      text,
      wasEncrypted: false,
    });
  });
  const rows = rowsFromExtraction([], { extractedData, invalidMafiles: [] }, distribute).rows;
  const lines = logins.map((login) => `${login}:pw-${login}`).join('\n');
  return applyAccountLines(rows, lines, { ignoreRowsWithoutMafile: false }).rows;
}

describe('add wizard: distribute outcomes around a rested proxy', () => {
  it('shows the rate-limited row as a proxy error and the rows without room as no proxy, and retries only them', () => {
    const rows = loadedRows(['limited', 'bot1', 'bot2', 'bot3']);
    const plan = planSubmit(rows, 'distribute', choice);
    if (!plan.ok) throw new Error(plan.reason);
    const answer = {
      errors: {
        '0': { reason: 'proxyError' as const, message: 'Ошибка прокси' },
        '3': { reason: 'noProxy' as const, message: 'Нет прокси' },
      },
    };
    const after = afterSubmit(rows, plan.indexToKey, answer, 'ru');
    expect(after.added).toBe(2);
    expect(after.failures).toBe('limited: Ошибка прокси, bot3: Нет прокси');
    expect(after.rows.map((r) => [r.login, r.status, r.reason])).toEqual([
      ['limited', 'error', 'proxyError'],
      ['bot1', 'success', null],
      ['bot2', 'success', null],
      ['bot3', 'error', 'noProxy'],
    ]);
    expect(summarize(after.rows, 'distribute')).toEqual({ ready: 0, errors: 2, added: 2, retryable: 2 });

    const retry = planSubmit(retryableRows(after.rows), 'distribute', choice);
    if (!retry.ok) throw new Error(retry.reason);
    expect(Object.values(retry.input.accounts).map((a) => a.login)).toEqual(['limited', 'bot3']);
    expect(retry.input.mode).toBe('distribute');
    expect(retry.input.distribute).toEqual(choice);
  });

  it('shows the server’s cause of "no proxy" in the row and the failures line', () => {
    const rows = loadedRows(['bot1', 'bot2']);
    const plan = planSubmit(rows, 'distribute', choice);
    if (!plan.ok) throw new Error(plan.reason);
    const cause = 'Нет прокси: все прокси тега (2) заняты — по 2 акк. на прокси';
    const after = afterSubmit(
      rows,
      plan.indexToKey,
      { errors: { '1': { reason: 'noProxy', message: cause } } },
      'ru',
    );
    expect(after.details).toEqual(new Map([['bot2', cause]]));
    expect(after.failures).toBe(`bot2: ${cause}`);
    // A message that only repeats the reason adds nothing.
    const plain = afterSubmit(
      rows,
      plan.indexToKey,
      { errors: { '1': { reason: 'noProxy', message: 'Нет прокси' } } },
      'ru',
    );
    expect(plain.details.size).toBe(0);
    expect(plain.failures).toBe('bot2: Нет прокси');
  });
});
