/**
 * The "acting now" mark of a keyed call, on the real gate and its table (PGlite, or Postgres with
 * TEST_DATABASE_URL): before the operation marks that money or items are about to move, any failure (a server
 * fault too) frees the key for a retry with no 24-hour lock; after the mark, any failure (a refusal too) keeps the
 * key, and a repeat is told the first outcome is in doubt and does nothing.
 */
import { contract, ResultCode } from '@tradedeck/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error.ts';
import { markActing } from '../../src/modules/idempotency/acting.ts';
import { IdempotencyGate } from '../../src/modules/idempotency/gate.ts';
import { IdempotencyRepo } from '../../src/modules/idempotency/repo.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

const op = contract.transfer.send;
const input = { fromId: 1, toId: 2, amount: { currency: 'USD', amount: 1_000 } };

let t: AuthTestApp;
let gate: IdempotencyGate;
let userId: string;

const requestWith = (key: string) =>
  ({ headers: { 'idempotency-key': key, 'accept-language': 'en-US' } }) as unknown as FastifyRequest;

/** A keyed call whose work counts its runs and does what `act` says. */
function call(key: string, runs: { count: number }, act: () => Promise<unknown>) {
  return gate.run(
    requestWith(key),
    op,
    userId,
    input,
    async () => {},
    async () => {
      runs.count += 1;
      return act();
    },
  );
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the call did not fail');
};

beforeAll(async () => {
  t = await createAuthTestApp();
  userId = (await signedInUser(t, 'acting-mark')).id;
  const db = t.testDb.database.db;
  gate = new IdempotencyGate(new IdempotencyRepo(db, new UserScope(db)), Buffer.alloc(32, 7), t.clock.now);
});
afterAll(() => t.close());

describe('the acting-now mark of an Idempotency-Key', () => {
  it('frees the key of a server fault before the mark: the retry under the same key runs', async () => {
    const runs = { count: 0 };
    const fault = await errorOf(
      call('fault-before-mark', runs, async () => {
        throw new Error('database went away before anything moved');
      }),
    );
    expect(fault.message).toBe('database went away before anything moved');
    const retried = await call('fault-before-mark', runs, async () => ({ outcome: 'sent' }));
    expect(retried).toMatchObject({ httpStatus: 200, data: { outcome: 'sent' }, replayed: false });
    expect(runs.count).toBe(2);
  });

  it('keeps the key of a refusal thrown after the mark: a repeat is told the outcome is in doubt and does nothing', async () => {
    const runs = { count: 0 };
    const refused = await errorOf(
      call('refusal-after-mark', runs, async () => {
        markActing();
        throw new AppError({
          code: ResultCode.OperationRejected,
          text: { ru: 'Отказ после отправки', en: 'Refused after the send' },
        });
      }),
    );
    expect(refused.httpStatus).toBeLessThan(500);
    const repeat = await errorOf(call('refusal-after-mark', runs, async () => ({ outcome: 'sent' })));
    expect(repeat.details).toMatchObject({ idempotencyKey: 'firstFailed' });
    expect(runs.count).toBe(1);
  });

  it('keeps the key of a server fault after the mark, and still frees one refused before it', async () => {
    const runs = { count: 0 };
    await errorOf(
      call('fault-after-mark', runs, async () => {
        markActing();
        throw new Error('the process lost the market’s answer');
      }),
    );
    const repeat = await errorOf(call('fault-after-mark', runs, async () => ({ outcome: 'sent' })));
    expect(repeat.details).toMatchObject({ idempotencyKey: 'firstFailed' });
    await errorOf(
      call('refusal-before-mark', runs, async () => {
        throw new AppError({
          code: ResultCode.OperationRejected,
          text: { ru: 'Недостаточно средств', en: 'Insufficient balance' },
        });
      }),
    );
    expect(await call('refusal-before-mark', runs, async () => ({ outcome: 'sent' }))).toMatchObject({
      data: { outcome: 'sent' },
    });
    expect(runs.count).toBe(3);
  });
});
