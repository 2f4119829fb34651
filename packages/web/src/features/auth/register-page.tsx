import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../shared/use-language.ts';
import { AuthCard, Field, NewPasswordFields, Notice, SubmitButton } from '../../ui/account-form.tsx';
import { emailErrors, passwordErrors } from '../../ui/field-checks.ts';
import { readFailure } from './api-errors.ts';
import { useAuthDeps } from './auth-deps.tsx';

export function RegisterPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const lang = useLanguage();
  const { client } = useAuthDeps();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', userName: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: emailErrors(t, form.email),
      userName: !form.userName.trim()
        ? [t('required')]
        : form.userName.trim().length < 3
          ? [t('minText')]
          : [],
      password: passwordErrors(t, form.password),
      confirm: form.confirm !== form.password || !form.confirm ? [t('confirmMismatch')] : [],
    };
    setErrors(found);
    if (Object.values(found).some((list) => list.length)) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await client.auth.register({
        email: form.email.trim(),
        userName: form.userName.trim(),
        password: form.password,
      });
      navigate(`/auth/email-confirmation?email=${encodeURIComponent(answer.email)}`);
    } catch (failure) {
      const f = readFailure(failure, lang);
      setErrors(f.fields);
      setError(f.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('registerTitle')}
      footer={
        <Link className="hover:text-white" to="/auth/login">
          {t('haveAccount')}
        </Link>
      }
    >
      {error ? <Notice kind="error">{error}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Field
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          errors={errors.email}
          onChange={set('email')}
        />
        <Field
          label={t('userName')}
          name="userName"
          autoComplete="nickname"
          value={form.userName}
          errors={errors.userName}
          onChange={set('userName')}
        />
        <NewPasswordFields
          name="password"
          labels={{ password: t('password'), confirm: t('confirmPassword') }}
          password={form.password}
          confirm={form.confirm}
          errors={{ password: errors.password, confirm: errors.confirm }}
          onPassword={(password) => setForm((f) => ({ ...f, password }))}
          onConfirm={(confirm) => setForm((f) => ({ ...f, confirm }))}
        />
        <SubmitButton busy={busy}>{t('register')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
