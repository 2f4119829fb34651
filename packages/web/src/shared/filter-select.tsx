import { FIELD_LABEL } from './form-styles.ts';

export interface FilterSelectProps {
  label: string;
  /** The filter's value in the URL; '' when it is not set. */
  value: string;
  /** The new value, or null for the empty one (the filter leaves the URL). */
  onChange(value: string | null): void;
  /** `[value, text]`, in order; a value of '' is the filter's default. */
  options: ReadonlyArray<readonly [string, string]>;
  /** The text of a first "all" option (the filter unset), when the filter may be left empty. */
  all?: string;
  testId?: string;
}

/** One select of a list's filter bar: its label above it, and every change sent as the URL's new value. */
export function FilterSelect({ label, value, onChange, options, all, testId }: FilterSelectProps) {
  return (
    <label className="flex flex-col gap-1">
      <span className={FIELD_LABEL}>{label}</span>
      <select
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value || null)}
        data-testid={testId}
      >
        {all !== undefined && <option value="">{all}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
