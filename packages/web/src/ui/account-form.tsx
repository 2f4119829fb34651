import type { InputHTMLAttributes, ReactNode } from 'react';

/** A centred card for the signed-out pages (login, registration, resets, notices). */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="dark flex min-h-full items-center justify-center bg-[#0f1020] px-4 py-12 text-slate-100">
      <section className="w-full max-w-md rounded-2xl border border-white/10 bg-white/5 p-8 shadow-xl">
        <h1 className="mb-6 text-2xl font-bold tracking-tight">{title}</h1>
        {children}
        {footer ? <div className="mt-6 space-y-2 text-sm text-slate-400">{footer}</div> : null}
      </section>
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[] | undefined;
}

/** A labelled input with its errors underneath (announced to screen readers). */
export function Field({ label, errors, id, ...input }: FieldProps) {
  const fieldId = id ?? `field-${input.name}`;
  const invalid = Boolean(errors?.length);
  return (
    <div className="mb-4">
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-300">
        {label}
      </label>
      <input
        id={fieldId}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${fieldId}-errors` : undefined}
        className={`w-full rounded-lg border bg-black/30 px-3 py-2 text-slate-100 outline-none focus:border-primary ${
          invalid ? 'border-red-400' : 'border-white/15'
        }`}
        {...input}
      />
      {invalid ? (
        <ul id={`${fieldId}-errors`} className="mt-1 text-sm text-red-300" role="alert">
          {errors!.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  children,
  busy,
  disabled,
}: {
  children: ReactNode;
  busy?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy}
      className="w-full rounded-lg bg-primary-strong px-4 py-2.5 font-semibold text-white transition hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50"
    >
      {children}
    </button>
  );
}

export function Notice({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'error' | 'success';
  children: ReactNode;
}) {
  const colors = {
    info: 'border-sky-400/30 bg-sky-400/10 text-sky-200',
    error: 'border-red-400/30 bg-red-400/10 text-red-200',
    success: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-200',
  };
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-lg border px-3 py-2 text-sm ${colors[kind]}`}
    >
      {children}
    </div>
  );
}

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  errors: { password?: string[] | undefined; confirm?: string[] | undefined };
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Form field name of the new password (`password` on registration, `newPassword` elsewhere). */
  name?: string;
}

/** A new password and its confirmation, as registration, reset and change-password ask for them. */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  errors,
  onPassword,
  onConfirm,
  name = 'newPassword',
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={labels.password}
        name={name}
        type="password"
        autoComplete="new-password"
        value={password}
        errors={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label={labels.confirm}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        errors={errors.confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
