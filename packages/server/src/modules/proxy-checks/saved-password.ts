import type { SecretSlot } from '../../security/envelope.ts';

/**
 * The slot the proxies module seals a stored proxy's password in (`proxies.password_enc`): the row is named by
 * the proxy's identity hash (see `passwordSlot` in modules/proxies/rows.ts).
 */
export function savedProxyPasswordSlot(userId: string, identityHash: string): SecretSlot {
  return { userId, table: 'proxies', column: 'password_enc', rowId: identityHash };
}
