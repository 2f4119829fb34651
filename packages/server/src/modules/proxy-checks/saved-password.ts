import type { SecretSlot } from '../../security/envelope.ts';
import { passwordSlot } from '../proxies/rows.ts';

/** The slot the proxies module seals a stored proxy's password in (bound to the proxy's identity hash). */
export function savedProxyPasswordSlot(userId: string, identityHash: string): SecretSlot {
  return passwordSlot(userId, identityHash);
}
