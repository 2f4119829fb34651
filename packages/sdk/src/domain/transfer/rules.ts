/**
 * The balance transfer form's rules (docs/product-trading.md §5 and §8 "Balance transfer"): the receiver's
 * API key is required and at least 10 characters, the amount is required, above zero and not above the
 * sender's balance, the payment password at least 6 characters, and the whole form must be valid before it is
 * sent. A saved key or password stands in for a typed one. Web and CLI check with these; the server checks
 * again.
 */
import { z } from 'zod';
import { type Currency, isNegativeMoneyText, type Money, parseMoney } from '../money/money.ts';
import { PAYMENT_PASSWORD_MIN_LENGTH, TM_API_KEY_MIN_LENGTH } from '../p2p/seller.ts';

/** Accounts of different currencies: the confirm action waits this long after the warning shows. */
export const CROSS_CURRENCY_CONFIRM_WAIT_MS = 5_000;

/** What the user sees of a transfer: sent, not sent, or unknown while the market is asked by custom id. */
export const TRANSFER_OUTCOMES = ['sent', 'notSent', 'unknown'] as const;
export const transferOutcomeSchema = z.enum(TRANSFER_OUTCOMES);
export type TransferOutcome = z.infer<typeof transferOutcomeSchema>;

export type TransferFieldError =
  | 'apiKeyRequired'
  | 'apiKeyTooShort'
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountNotPositive'
  | 'insufficientBalance'
  | 'paymentPasswordRequired'
  | 'paymentPasswordTooShort'
  | 'sameAccount'
  | 'accountRequired';

export interface TransferFormInput {
  fromId: number | null;
  toId: number | null;
  apiKey: string;
  /** The receiver has a saved key the user chose to use (no key typed). */
  useSavedKey: boolean;
  amountText: string;
  /** The sender's spendable balance, in its currency; null while unknown. */
  balance: Money | null;
  /** The sender's currency (the amount is typed in it). */
  currency: Currency | null;
  paymentPassword: string;
  useSavedPassword: boolean;
}

export interface TransferFormErrors {
  from?: TransferFieldError;
  to?: TransferFieldError;
  apiKey?: TransferFieldError;
  amount?: TransferFieldError;
  paymentPassword?: TransferFieldError;
}

export function validateApiKey(apiKey: string, useSavedKey: boolean): TransferFieldError | undefined {
  if (useSavedKey) return undefined;
  const key = apiKey.trim();
  if (key === '') return 'apiKeyRequired';
  if (key.length < TM_API_KEY_MIN_LENGTH) return 'apiKeyTooShort';
  return undefined;
}

/** The amount in the sender's units, or why it cannot be sent. */
export function validateAmount(
  amountText: string,
  currency: Currency | null,
  balance: Money | null,
): { amount: Money } | { error: TransferFieldError } {
  if (amountText.trim() === '') return { error: 'amountRequired' };
  if (!currency) return { error: 'accountRequired' };
  const amount = parseMoney(amountText, currency);
  if (!amount)
    return { error: isNegativeMoneyText(amountText, currency) ? 'amountNotPositive' : 'amountInvalid' };
  if (amount.amount <= 0) return { error: 'amountNotPositive' };
  if (balance && balance.currency === currency && amount.amount > balance.amount) {
    return { error: 'insufficientBalance' };
  }
  return { amount };
}

export function validatePaymentPassword(password: string, useSaved: boolean): TransferFieldError | undefined {
  if (useSaved) return undefined;
  if (password === '') return 'paymentPasswordRequired';
  if (password.length < PAYMENT_PASSWORD_MIN_LENGTH) return 'paymentPasswordTooShort';
  return undefined;
}

/** Every field's error; an empty object means the whole form is valid. */
export function validateTransferForm(form: TransferFormInput): TransferFormErrors {
  const errors: TransferFormErrors = {};
  if (form.fromId === null) errors.from = 'accountRequired';
  if (form.toId === null) errors.to = 'accountRequired';
  else if (form.toId === form.fromId) errors.to = 'sameAccount';
  const key = validateApiKey(form.apiKey, form.useSavedKey);
  if (key) errors.apiKey = key;
  const amount = validateAmount(form.amountText, form.currency, form.balance);
  if ('error' in amount) errors.amount = amount.error;
  const password = validatePaymentPassword(form.paymentPassword, form.useSavedPassword);
  if (password) errors.paymentPassword = password;
  return errors;
}

export function isTransferFormValid(errors: TransferFormErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** Whole seconds left of the cross-currency wait, counted from when the warning showed. */
export function crossCurrencySecondsLeft(shownAt: number, now: number): number {
  return Math.max(0, Math.ceil((shownAt + CROSS_CURRENCY_CONFIRM_WAIT_MS - now) / 1000));
}
