import type { SecretSlot } from '../../security/envelope.ts';

/** The slot the proxies module seals a stored proxy's password in (`proxies.password_enc`). */
export function savedProxyPasswordSlot(userId: string, proxyId: number): SecretSlot {
  return { userId, table: 'proxies', column: 'password_enc', rowId: String(proxyId) };
}
