/**
 * The "acting now" mark of a keyed call (docs/api.md, "Idempotency-Key"). The operation sets it at the moment
 * money or items are about to move; the gate reads it when the call fails. Before the mark nothing moved, so any
 * failure frees the key for a retry; after it, any failure keeps the key and a repeat is told the outcome is in
 * doubt. The mark lives with the call (not in the row): a process that dies mid-call leaves its key running,
 * whatever the mark said.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { channel } from 'node:diagnostics_channel';

interface KeyedCall {
  acting: boolean;
}

const current = new AsyncLocalStorage<KeyedCall>();

/** How a keyed call ended: published once per call that ran, for the tests that hold every operation to its mark. */
export interface KeyedCallSettled {
  operation: string;
  ok: boolean;
  acting: boolean;
}

/** Where settled keyed calls are published (`node:diagnostics_channel`: free while nobody listens). */
export const keyedCallSettled = channel('tradedeck:keyed-call-settled');

/** Runs a keyed call's work; answers whether it reached the mark, with its outcome. */
export async function runKeyed<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T; acting: boolean } | { ok: false; error: unknown; acting: boolean }> {
  const call: KeyedCall = { acting: false };
  try {
    const value = await current.run(call, work);
    return { ok: true, value, acting: call.acting };
  } catch (error) {
    return { ok: false, error, acting: call.acting };
  }
}

/** Marks the keyed call being served as acting: money or items are about to move. No-op outside a keyed call. */
export function markActing(): void {
  const call = current.getStore();
  if (call) call.acting = true;
}
