import { newIdempotencyKey } from '@tradedeck/sdk/contract';

/** Names the run's key: a command run again with the same key answers its first outcome instead of acting again. */
export const IDEMPOTENCY_KEY_ENV = 'TRADEDECK_IDEMPOTENCY_KEY';

/**
 * The `Idempotency-Key`s of one command line run (docs/api.md, "Idempotency-Key"): the run's key for its first
 * call that moves money or items, then the key with `.2`, `.3` ... for the next ones, so a run that sends several
 * never sends one under another's key, and the same run repeated with `TRADEDECK_IDEMPOTENCY_KEY` sends nothing
 * twice.
 */
export function runIdempotencyKeys(env: Readonly<Record<string, string | undefined>>): () => string {
  const runKey = env[IDEMPOTENCY_KEY_ENV]?.trim() || newIdempotencyKey();
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? runKey : `${runKey}.${calls}`;
  };
}
