import { useId } from 'react';
import { FIELD_LABEL } from '../../shared/form-styles.ts';

/** A labelled amount or percentage input with its error underneath (linked for screen readers). */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
  error,
  suffix,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error: string | null;
  suffix?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          inputMode="decimal"
          value={value}
          autoComplete="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens on its first field
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className="input w-full font-mono tabular-nums"
        />
        {suffix && <span className="text-xs text-muted">{suffix}</span>}
      </div>
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1 text-xs text-rose-700 dark:text-rose-300"
          data-testid="field-error"
        >
          {error}
        </p>
      )}
    </div>
  );
}
