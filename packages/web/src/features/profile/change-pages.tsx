import { ApiError } from '@tradedeck/sdk/client';
import { ResultCode } from '@tradedeck/sdk/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParams } from '../../shared/url-params.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { Field, NewPasswordFields, Notice, SubmitButton } from '../../ui/account-form.tsx';
import { emailErrors, passwordErrors } from '../../ui/field-checks.ts';
import { useProfileClient } from './profile-deps.tsx';
import { SecurityBreadcrumbs } from './security-breadcrumbs.tsx';
import { useSecuredCall } from './use-secured-call.tsx';

/** Route /profile/security/change-password: current password, new password, second factor. */
export function ChangePasswordPage() {
  const client = useProfileClient();
  const { t } = useTranslation('translation', { keyPrefix: 'account' });
  const { t: tAuth } = useTranslation('translation', { keyPrefix: 'auth' });
  const describe = useDescribeError();
  const secured = useSecuredCall('changePassword');
  const [form, setForm] = useState({ old: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<{ ok?: boolean; error?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      old: form.old ? [] : [t('required')],
      next: passwordErrors(tAuth, form.next),
      confirm: form.confirm === form.next && form.confirm ? [] : [t('confirmMismatch')],
    };
    setErrors(found);
    if (Object.values(found).some((l) => l.length)) return;
    setBusy(true);
    try {
      await secured.run((twoFactor) =>
        client.user.changePassword(
          { oldPassword: form.old, newPassword: form.next, twoFactor },
          { skipTwoFactor: true },
        ),
      );
      setResult({ ok: true });
      setForm({ old: '', next: '', confirm: '' });
    } catch (e) {
      if (e instanceof Error && e.message === 'cancelled') return;
      // Refusals about a field go under that field; anything else above the form.
      const fields = fieldErrorsOf(e);
      if (e instanceof ApiError && e.resultCode === ResultCode.PasswordMismatch)
        fields.oldPassword = [describe(e)];
      if (fields.oldPassword || fields.newPassword) {
        setErrors({ old: fields.oldPassword ?? [], next: fields.newPassword ?? [], confirm: [] });
        setResult({});
      } else setResult({ error: describe(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md p-6 text-slate-100">
      <SecurityBreadcrumbs current="changePassword" />
      <h1 className="mb-6 text-2xl font-bold">{t('changePassword')}</h1>
      {result.ok ? <Notice kind="success">{t('passwordChanged')}</Notice> : null}
      {result.error ? <Notice kind="error">{result.error}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Field
          label={t('oldPassword')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={form.old}
          errors={errors.old}
          onChange={(e) => setForm((f) => ({ ...f, old: e.target.value }))}
        />
        <NewPasswordFields
          labels={{ password: t('newPassword'), confirm: t('confirmPassword') }}
          password={form.next}
          confirm={form.confirm}
          errors={{ password: errors.next, confirm: errors.confirm }}
          onPassword={(next) => setForm((f) => ({ ...f, next }))}
          onConfirm={(confirm) => setForm((f) => ({ ...f, confirm }))}
        />
        <SubmitButton busy={busy}>{t('changePassword')}</SubmitButton>
      </form>
      {secured.dialog}
    </section>
  );
}

/**
 * Route /profile/security/change-email: asks for the new address and mails it a link; the link brings the user
 * back here with `newEmail` and `code`, and the change is confirmed with the second factor.
 */
export function ChangeEmailPage() {
  const client = useProfileClient();
  const { t } = useTranslation('translation', { keyPrefix: 'account' });
  const { t: tAuth } = useTranslation('translation', { keyPrefix: 'auth' });
  const describe = useDescribeError();
  const secured = useSecuredCall('changeEmail');
  const [emailFieldErrors, setEmailFieldErrors] = useState<string[]>([]);
  const [params] = useUrlParams();
  const linkEmail = params.get('newEmail');
  const linkCode = params.get('code');
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    client.user.getInfo().then(
      (me) => setCurrent(me.email),
      () => undefined,
    );
  }, [client]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is used once; the secured call and texts change every render
  useEffect(() => {
    if (!linkEmail || !linkCode || started.current) return;
    started.current = true;
    secured
      .run((twoFactor) =>
        client.user.changeEmail({ newEmail: linkEmail, code: linkCode, twoFactor }, { skipTwoFactor: true }),
      )
      .then(() => setResult({ ok: t('emailChanged') }))
      .catch((e) => {
        if (!(e instanceof Error && e.message === 'cancelled')) setResult({ error: describe(e) });
      });
  }, [linkEmail, linkCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const same = current !== null && email.trim().toLowerCase() === current.toLowerCase();
    const found = same ? [t('sameEmail')] : emailErrors(tAuth, email);
    setEmailFieldErrors(found);
    setResult({});
    if (found.length) return;
    setBusy(true);
    try {
      await client.user.requestEmailChange({ newEmail: email.trim() });
      setResult({ ok: t('linkSent', { email: email.trim() }) });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields.newEmail) setEmailFieldErrors(fields.newEmail);
      else setResult({ error: describe(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md p-6 text-slate-100">
      <SecurityBreadcrumbs current="changeEmail" />
      <h1 className="mb-6 text-2xl font-bold">{t('changeEmail')}</h1>
      {result.ok ? <Notice kind="success">{result.ok}</Notice> : null}
      {result.error ? <Notice kind="error">{result.error}</Notice> : null}
      {linkCode ? null : (
        <form noValidate onSubmit={submit}>
          <Field
            label={t('newEmail')}
            name="newEmail"
            type="email"
            value={email}
            errors={emailFieldErrors}
            onChange={(e) => setEmail(e.target.value)}
          />
          <SubmitButton busy={busy}>{t('send')}</SubmitButton>
        </form>
      )}
      {secured.dialog}
    </section>
  );
}

/** The server's validation messages by input field (`errorDetails.fields`), empty for other failures. */
function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.resultCode !== ResultCode.ValidationError) return {};
  return { ...((error.errorDetails?.fields as Record<string, string[]> | undefined) ?? {}) };
}
