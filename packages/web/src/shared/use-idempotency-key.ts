import { newIdempotencyKey } from '@tradedeck/sdk/contract';
import { useCallback, useState } from 'react';

/**
 * The `Idempotency-Key` of a dialog that moves money or items (docs/api.md): one per opening, so a double click,
 * a lost answer repeated or the call retried after the second factor acts once. `renew` starts a new action
 * after one whose outcome moved nothing, so a corrected request is not refused as another under the old key.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
