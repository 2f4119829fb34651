/**
 * The kinds of mobile confirmations the confirmations centre shows, read from Steam's `type` number
 * (`EMobileConfirmationType`). The numbers: trade 2 and market listing 3 (node-steamcommunity
 * `resources/EConfirmationType.js`), phone number change 5 and account recovery 6, API key 9
 * (steamguard-cli `steamguard/src/confirmation.rs` `ConfirmationType`; ArchiSteamFarm `Steam/Security/Confirmation.cs`
 * `ApiKeyRegistration`), market purchase 12 (Steam's own mobile web client `k_EMobileConfirmationType_MarketPurchase`;
 * ArchiSteamFarm names 12 `AccountSecurity`). Whatever else Steam lists is `other`; none but our own trades and
 * market listings are ever answered without the user choosing them.
 */
import { z } from 'zod';

export const CONFIRMATION_KINDS = [
  'trade',
  'marketListing',
  'purchase',
  'accountRecovery',
  'apiKey',
  'other',
] as const;
export const confirmationKindSchema = z.enum(CONFIRMATION_KINDS);
export type ConfirmationKind = z.infer<typeof confirmationKindSchema>;

/** Steam's type numbers, by kind (the first is the one a new confirmation of that kind carries). */
export const CONFIRMATION_TYPE_NUMBERS = {
  trade: [2],
  marketListing: [3],
  purchase: [12],
  accountRecovery: [6, 5],
  apiKey: [9],
} as const satisfies Record<Exclude<ConfirmationKind, 'other'>, readonly number[]>;

export function confirmationKind(type: number): ConfirmationKind {
  for (const [kind, numbers] of Object.entries(CONFIRMATION_TYPE_NUMBERS)) {
    if ((numbers as readonly number[]).includes(type)) return kind as ConfirmationKind;
  }
  return 'other';
}
