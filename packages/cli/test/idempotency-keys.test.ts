import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_ENV, runIdempotencyKeys } from '../src/idempotency-keys.ts';

describe('Idempotency-Keys of a command line run', () => {
  it('uses one key for the run, suffixed for each further call that moves money or items', () => {
    const next = runIdempotencyKeys({});
    const first = next();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect([next(), next()]).toEqual([`${first}.2`, `${first}.3`]);
    // Another run has another key.
    expect(runIdempotencyKeys({})()).not.toBe(first);
  });

  it('takes the run key from the environment, so the same run repeated acts once', () => {
    const env = { [IDEMPOTENCY_KEY_ENV]: 'nightly-payout-42' };
    const once = runIdempotencyKeys(env);
    const again = runIdempotencyKeys(env);
    expect([once(), once()]).toEqual(['nightly-payout-42', 'nightly-payout-42.2']);
    expect([again(), again()]).toEqual(['nightly-payout-42', 'nightly-payout-42.2']);
  });
});
