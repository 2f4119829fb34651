import type { TwoFactorInput } from '@tradedeck/sdk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUrlParams } from '../../shared/url-params.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { AuthCard, Field, Notice, SubmitButton } from '../../ui/account-form.tsx';
import { emailErrors } from '../../ui/field-checks.ts';
import { LazyTwoFactorDialog } from '../../ui/two-factor-dialog-lazy.tsx';
import { readFailure } from './api-errors.ts';
import { safeRedirect, useAuthDeps } from './auth-deps.tsx';
import { useTwoFactorStep } from './use-two-factor-step.ts';

const STATE_PAGES: Record<string, string> = {
  banned: '/auth/account-banned',
  pendingApproval: '/auth/pending-approval',
  pendingConfirmation: '/auth/email-confirmation',
};

/** Login: e-mail and password, then the two-factor dialog when the server asks for it (101). */
export function LoginPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const lang = useLanguage();
  const { client, afterSignIn } = useAuthDeps();
  const navigate = useNavigate();
  const [params] = useUrlParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const step = useTwoFactorStep();

  const attempt = async (twoFactor?: TwoFactorInput) => {
    setBusy(true);
    setError(null);
    try {
      const token = await client.auth.login(
        { email: email.trim(), password, twoFactor },
        { skipTwoFactor: true },
      );
      client.tokens.set(token);
      step.close();
      const redirect = params.get('redirect');
      navigate(afterSignIn ? afterSignIn(redirect) : safeRedirect(redirect), { replace: true });
    } catch (failure) {
      const f = readFailure(failure, lang);
      if (f.code === 101) return step.ask(f.requirements, f.failed);
      step.close();
      const page = f.code === 103 && f.status ? STATE_PAGES[f.status] : undefined;
      if (page) return navigate(`${page}?email=${encodeURIComponent(email.trim())}`);
      setFieldErrors(f.fields);
      setError(f.message);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = { email: emailErrors(t, email), password: password ? [] : [t('required')] };
    setFieldErrors(errors);
    if (errors.email.length || errors.password.length) return;
    void attempt();
  };

  return (
    <AuthCard
      title={t('loginTitle')}
      footer={
        <>
          <Link className="block hover:text-white" to="/auth/forgot-password">
            {t('forgot')}
          </Link>
          <Link className="block hover:text-white" to="/auth/registration">
            {t('noAccount')}
          </Link>
        </>
      }
    >
      {params.get('sessionExpired') === 'true' ? <Notice>{t('sessionExpired')}</Notice> : null}
      {error ? <Notice kind="error">{error}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Field
          label={t('email')}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          errors={fieldErrors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          errors={fieldErrors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton busy={busy}>{t('signIn')}</SubmitButton>
      </form>
      <LazyTwoFactorDialog
        open={step.open}
        requirements={step.requirements}
        failed={step.failed}
        // Signing in needs the second factor: the dialog has no close button.
        required
        onSubmit={(codes) => void attempt(codes)}
        // A login without codes mails a fresh e-mail code (at most one a minute).
        onResend={async () => {
          await client.auth.login({ email: email.trim(), password }, { skipTwoFactor: true }).catch((e) => {
            if (readFailure(e, lang).code !== 101) throw e;
          });
        }}
      />
    </AuthCard>
  );
}
