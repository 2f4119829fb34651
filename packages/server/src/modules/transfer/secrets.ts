/** The transfer area's remembered secrets, sealed per TM account with the auth module's secret box. */
import type { SecretSlot } from '../../security/envelope.ts';
import type { SecretBox } from '../../security/secret-box.ts';

type Column = 'receiver_key_enc' | 'payment_password_enc';

export function transferSecretSlot(userId: string, sellerAccountId: number, column: Column): SecretSlot {
  return { userId, table: 'transfer_secrets', column, rowId: String(sellerAccountId) };
}

export function sealReceiverKey(secrets: SecretBox, userId: string, accountId: number, apiKey: string) {
  return secrets.encrypt(transferSecretSlot(userId, accountId, 'receiver_key_enc'), apiKey);
}

export function openReceiverKey(secrets: SecretBox, userId: string, accountId: number, sealed: string) {
  return secrets.decrypt(transferSecretSlot(userId, accountId, 'receiver_key_enc'), sealed);
}

export function sealPaymentPassword(secrets: SecretBox, userId: string, accountId: number, password: string) {
  return secrets.encrypt(transferSecretSlot(userId, accountId, 'payment_password_enc'), password);
}

export function openPaymentPassword(secrets: SecretBox, userId: string, accountId: number, sealed: string) {
  return secrets.decrypt(transferSecretSlot(userId, accountId, 'payment_password_enc'), sealed);
}
