import { CURRENCIES, type Currency, SELLER_MODULES, type SellerModule } from '@tradedeck/sdk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from './form-rules.ts';

export const LABEL = 'block text-xs font-semibold tracking-wide text-muted uppercase';
export const PRIMARY_BUTTON =
  'rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50';

/** The text of a field's error, or nothing. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-xs text-rose-700 dark:text-rose-300" data-testid="field-error">
      {'min' in error ? t(error.key, { min: error.min }) : t(error.key)}
    </p>
  );
}

/** A labelled secret or text input with its error underneath (linked for screen readers). */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  hint,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error: FieldError | null | undefined;
  type?: 'text' | 'password';
  hint?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: the dialog opens on its first field
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="input mt-1 w-full font-mono"
      />
      {hint && !error && <p className="mt-1 text-xs text-muted">{hint}</p>}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** Trading bot and market scanner as checkboxes. */
export function ModulesField({
  value,
  onChange,
  error,
}: {
  value: readonly SellerModule[];
  onChange(modules: SellerModule[]): void;
  error: FieldError | null | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={LABEL}>{t('p2pAccounts.form.modules')}</legend>
      <div className="mt-1 flex gap-4">
        {SELLER_MODULES.map((module) => (
          <label key={module} className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={value.includes(module)}
              onChange={(event) =>
                onChange(
                  SELLER_MODULES.filter((item) =>
                    item === module ? event.target.checked : value.includes(item),
                  ),
                )
              }
            />
            {t(`p2pAccounts.modules.${module}`)}
          </label>
        ))}
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}

export function CurrencyField({ value, onChange }: { value: Currency; onChange(currency: Currency): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {t('p2pAccounts.form.currency')}
      </label>
      <select
        id={id}
        className="input mt-1 w-full"
        value={value}
        onChange={(event) => onChange(event.target.value as Currency)}
      >
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </div>
  );
}
