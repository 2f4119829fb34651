/**
 * Checks of the add and edit forms (spec §5, §9): a market API key of at least 10 characters, a payment password
 * of at least 6, a Steam account and at least one module. Each error is a text key shown under its field.
 */
import {
  type Currency,
  PAYMENT_PASSWORD_MIN_LENGTH,
  type SellerModule,
  TM_API_KEY_MIN_LENGTH,
} from '@tradedeck/sdk/domain';

export type SellerField = 'steamAccountId' | 'apiKey' | 'paymentPassword' | 'modules';
export type FieldError =
  | { key: 'p2pAccounts.form.required' }
  | { key: 'p2pAccounts.form.apiKeyShort'; min: number }
  | { key: 'p2pAccounts.form.paymentPasswordShort'; min: number }
  | { key: 'p2pAccounts.form.noModules' };

export interface SellerForm {
  steamAccountId: number | null;
  apiKey: string;
  paymentPassword: string;
  /** `steam`: the Steam account's proxy; `none`: no proxy; else a proxy id. */
  proxy: 'steam' | 'none' | number;
  modules: SellerModule[];
  currency: Currency;
}

export const emptySellerForm = (currency: Currency): SellerForm => ({
  steamAccountId: null,
  apiKey: '',
  paymentPassword: '',
  proxy: 'steam',
  modules: ['tradingBot'],
  currency,
});

function apiKeyError(value: string, required: boolean): FieldError | null {
  const key = value.trim();
  if (key === '') return required ? { key: 'p2pAccounts.form.required' } : null;
  return key.length < TM_API_KEY_MIN_LENGTH
    ? { key: 'p2pAccounts.form.apiKeyShort', min: TM_API_KEY_MIN_LENGTH }
    : null;
}

function paymentPasswordError(value: string, required: boolean): FieldError | null {
  if (value === '') return required ? { key: 'p2pAccounts.form.required' } : null;
  return value.length < PAYMENT_PASSWORD_MIN_LENGTH
    ? { key: 'p2pAccounts.form.paymentPasswordShort', min: PAYMENT_PASSWORD_MIN_LENGTH }
    : null;
}

/** Errors of the add form by field; empty when it can be sent. */
export function checkAddForm(form: SellerForm): Partial<Record<SellerField, FieldError>> {
  const errors: Partial<Record<SellerField, FieldError>> = {};
  if (form.steamAccountId === null) errors.steamAccountId = { key: 'p2pAccounts.form.required' };
  const apiKey = apiKeyError(form.apiKey, true);
  if (apiKey) errors.apiKey = apiKey;
  const password = paymentPasswordError(form.paymentPassword, true);
  if (password) errors.paymentPassword = password;
  if (form.modules.length === 0) errors.modules = { key: 'p2pAccounts.form.noModules' };
  return errors;
}

/** Errors of the edit form: an empty key or password keeps the stored one. */
export function checkEditForm(form: Pick<SellerForm, 'apiKey' | 'paymentPassword' | 'modules'>) {
  const errors: Partial<Record<SellerField, FieldError>> = {};
  const apiKey = apiKeyError(form.apiKey, false);
  if (apiKey) errors.apiKey = apiKey;
  const password = paymentPasswordError(form.paymentPassword, false);
  if (password) errors.paymentPassword = password;
  if (form.modules.length === 0) errors.modules = { key: 'p2pAccounts.form.noModules' };
  return errors;
}

/** The `proxyId` field of create and update: absent for the Steam account's proxy, null for none. */
export function proxyIdOf(proxy: SellerForm['proxy']): { proxyId?: number | null } {
  if (proxy === 'steam') return {};
  return { proxyId: proxy === 'none' ? null : proxy };
}
