import { createHmac } from 'node:crypto';
import type { Currency } from '@tradedeck/sdk/domain';
import type { MarketCredentials } from '../../integrations/market/port.ts';
import type { SecretSlot } from '../../security/envelope.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { SellerAccountDbRow } from './repo.ts';

const KEY_ID_SECRET = 'tradedeck-market-key-id';

/** The non-secret id of a market key (a keyed hash): names it in logs and in the shared pacing. */
export function marketKeyIdOf(apiKey: string): string {
  return `tm_${createHmac('sha256', KEY_ID_SECRET).update(apiKey).digest('hex').slice(0, 24)}`;
}

/**
 * Where the key and the payment password are sealed. The slot names the Steam account (unique per user), not the
 * seller row id, so a key can be sealed before its row exists.
 */
function slot(
  userId: string,
  steamAccountId: number,
  column: 'api_key_enc' | 'payment_password_enc',
): SecretSlot {
  return { userId, table: 'seller_accounts', column, rowId: String(steamAccountId) };
}

export async function sealApiKey(secrets: SecretBox, userId: string, steamAccountId: number, apiKey: string) {
  return {
    apiKeyEnc: await secrets.encrypt(slot(userId, steamAccountId, 'api_key_enc'), apiKey),
    keyId: marketKeyIdOf(apiKey),
    apiKeyHint: apiKey.slice(-4),
  };
}

export async function sealPaymentPassword(
  secrets: SecretBox,
  userId: string,
  steamAccountId: number,
  password: string,
) {
  return secrets.encrypt(slot(userId, steamAccountId, 'payment_password_enc'), password);
}

/** The account's market credentials, the key unsealed in memory only. */
export async function openCredentials(
  secrets: SecretBox,
  row: Pick<SellerAccountDbRow, 'userId' | 'steamAccountId' | 'apiKeyEnc' | 'keyId' | 'currency'>,
): Promise<MarketCredentials> {
  return {
    apiKey: await secrets.decrypt(slot(row.userId, row.steamAccountId, 'api_key_enc'), row.apiKeyEnc),
    keyId: row.keyId,
    currency: row.currency as Currency,
  };
}
