import { createHmac } from 'node:crypto';
import type { Currency } from '@tradedeck/sdk/domain';
import type { MarketCredentials, MarketPlatform } from '../../integrations/market/port.ts';
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
export function sellerSecretSlot(
  userId: string,
  steamAccountId: number,
  column: 'api_key_enc' | 'payment_password_enc',
  platform: MarketPlatform = 'tm',
): SecretSlot {
  // TM's slot keeps its first form; another market's key has a slot of its own for the same Steam account.
  const rowId = platform === 'tm' ? String(steamAccountId) : `${steamAccountId}:${platform}`;
  return { userId, table: 'seller_accounts', column, rowId };
}

export async function sealApiKey(
  secrets: SecretBox,
  userId: string,
  steamAccountId: number,
  apiKey: string,
  platform: MarketPlatform = 'tm',
) {
  return {
    apiKeyEnc: await secrets.encrypt(
      sellerSecretSlot(userId, steamAccountId, 'api_key_enc', platform),
      apiKey,
    ),
    keyId: marketKeyIdOf(apiKey),
    apiKeyHint: apiKey.slice(-4),
  };
}

export async function sealPaymentPassword(
  secrets: SecretBox,
  userId: string,
  steamAccountId: number,
  password: string,
  platform: MarketPlatform = 'tm',
) {
  return secrets.encrypt(
    sellerSecretSlot(userId, steamAccountId, 'payment_password_enc', platform),
    password,
  );
}

/** The account's market credentials, the key unsealed in memory only. */
export async function openCredentials(
  secrets: SecretBox,
  row: Pick<SellerAccountDbRow, 'userId' | 'steamAccountId' | 'apiKeyEnc' | 'keyId' | 'currency'> & {
    platform?: string;
  },
): Promise<MarketCredentials> {
  const platform = (row.platform ?? 'tm') as MarketPlatform;
  return {
    apiKey: await secrets.decrypt(
      sellerSecretSlot(row.userId, row.steamAccountId, 'api_key_enc', platform),
      row.apiKeyEnc,
    ),
    keyId: row.keyId,
    currency: row.currency as Currency,
    platform,
  };
}
