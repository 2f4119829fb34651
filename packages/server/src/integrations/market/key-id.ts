/**
 * The non-secret id of a market API key: a keyed hash, so logs and the shared pacing table can name a key without
 * holding it, and a leaked table row cannot be turned back into the key.
 */
import { createHmac } from 'node:crypto';

/** Used when the caller gives no server secret; a TM key is long and random, so the id still reveals nothing. */
const DEFAULT_KEY_ID_SECRET = 'tradedeck-market-key-id';

export function marketKeyId(apiKey: string, secret: string = DEFAULT_KEY_ID_SECRET): string {
  return `tm_${createHmac('sha256', secret).update(apiKey).digest('hex').slice(0, 24)}`;
}
