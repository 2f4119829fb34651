import type { TwoFactorInput } from '@tradedeck/sdk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUrlParams } from '../../shared/url-params.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { AuthCard, Field, NewPasswordFields, Notice, SubmitButton } from '../../ui/account-form.tsx';
import { emailErrors, passwordErrors } from '../../ui/field-checks.ts';
import { LazyTwoFactorDialog } from '../../ui/two-factor-dialog-lazy.tsx';
import { readFailure } from './api-errors.ts';
import { useAuthDeps } from './auth-deps.tsx';
import { useTwoFactorStep } from './use-two-factor-step.ts';

/** Route ForgotPassword: asks for the address; the answer is the same for any address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const lang = useLanguage();
  const { client } = useAuthDeps();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailErrors(t, email);
    setErrors(found);
    if (found.length) return;
    setBusy(true);
    try {
      await client.auth.forgotPassword({ email: email.trim() });
      navigate('/auth/forgot-password-info');
    } catch (e) {
      setError(readFailure(e, lang).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgotTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Field
          label={t('email')}
          name="email"
          type="email"
          value={email}
          errors={errors}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton busy={busy}>{t('send')}</SubmitButton>
      </form>
    </AuthCard>
  );
}

/** Route ForgotPasswordSended. */
export function ForgotPasswordInfoPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  return (
    <AuthCard title={t('forgotInfoTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      <Notice>{t('forgotInfo')}</Notice>
    </AuthCard>
  );
}

/** Route ForgotPasswordReset: new password from the mailed link; the second factor still applies. */
export function ResetPasswordPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const lang = useLanguage();
  const { client } = useAuthDeps();
  const [params] = useUrlParams();
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<{ ok?: boolean; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const step = useTwoFactorStep();

  const attempt = async (twoFactor?: TwoFactorInput) => {
    setBusy(true);
    try {
      await client.auth.resetPassword(
        {
          userId: params.get('userId') ?? '',
          code: params.get('code') ?? '',
          newPassword: form.password,
          twoFactor,
        },
        { skipTwoFactor: true },
      );
      step.close();
      setResult({ ok: true });
    } catch (e) {
      const f = readFailure(e, lang);
      if (f.code === 101) return step.ask(f.requirements, f.failed);
      step.close();
      setErrors({ password: f.fields.newPassword ?? [] });
      setResult({ error: f.message });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: passwordErrors(t, form.password),
      confirm: form.confirm !== form.password || !form.confirm ? [t('confirmMismatch')] : [],
    };
    setErrors(found);
    if (!found.password.length && !found.confirm.length) void attempt();
  };

  return (
    <AuthCard title={t('resetTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      {result.ok ? <Notice kind="success">{t('resetDone')}</Notice> : null}
      {result.error ? <Notice kind="error">{result.error}</Notice> : null}
      {result.ok ? null : (
        <form noValidate onSubmit={submit}>
          <NewPasswordFields
            labels={{ password: t('newPassword'), confirm: t('confirmPassword') }}
            password={form.password}
            confirm={form.confirm}
            errors={{ password: errors.password, confirm: errors.confirm }}
            onPassword={(password) => setForm((f) => ({ ...f, password }))}
            onConfirm={(confirm) => setForm((f) => ({ ...f, confirm }))}
          />
          <SubmitButton busy={busy}>{t('save')}</SubmitButton>
        </form>
      )}
      <LazyTwoFactorDialog
        open={step.open}
        requirements={step.requirements}
        failed={step.failed}
        // The new password is set only with the second factor: the dialog has no close button.
        required
        onSubmit={(codes) => void attempt(codes)}
      />
    </AuthCard>
  );
}
