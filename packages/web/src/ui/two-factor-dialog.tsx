import type { StepUpPurpose, TwoFactorInput, TwoFactorRequirement } from '@tradedeck/sdk/contract';
import { TWO_FACTOR_DIALOG } from '@tradedeck/sdk/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StackLayer } from '../shared/modals/stack-layer.tsx';
import { useStackPlace } from '../shared/modals/use-stack-place.ts';
import {
  formatRecoveryCode,
  isRecoveryCode,
  isSixDigits,
  isSoloChallenge,
  twoFactorPayload,
} from './two-factor-code.ts';

const EMPTY = { totp: '', emailCode: '', recoveryCode: '' };

interface TwoFactorDialogProps {
  open: boolean;
  requirements: TwoFactorRequirement[];
  /** Fields the last attempt failed on ("Неверный код" appears under them). */
  failed?: TwoFactorRequirement[];
  /**
   * Solo: one 6-digit field, submitted as soon as it is complete (width 500 instead of 600). By default a
   * dialog is solo when the server asks for exactly one code and offers no recovery code.
   */
  solo?: boolean;
  /** Two-factor is required to go on (signing in, resetting a password): no close button. */
  required?: boolean;
  /** The close button (shown unless `required`). */
  onCancel?: () => void;
  onSubmit: (codes: TwoFactorInput) => void;
  /** Sends an e-mail code; the countdown of 60 s starts after it. */
  onResend?: () => Promise<void>;
  /** A step-up: why the second factor is asked (the server has mailed a code when e-mail is the way). */
  purpose?: StepUpPurpose;
}

/** The two-factor dialog (docs/security.md "Second factors"): persistent, code or recovery entry, resend countdown. */
export function TwoFactorDialog({
  open,
  requirements,
  failed = [],
  solo: soloProp,
  required = false,
  onCancel,
  onSubmit,
  onResend,
  purpose,
}: TwoFactorDialogProps) {
  const solo = soloProp ?? isSoloChallenge(requirements);
  const { t } = useTranslation('translation', { keyPrefix: 'twoFactor' });
  const [values, setValues] = useState(EMPTY);
  const [useRecovery, setUseRecovery] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [sendState, setSendState] = useState<'sent' | 'failed' | null>(null);
  const autoSent = useRef('');
  // The dialog is persistent: Escape and outside clicks never close it.
  const place = useStackPlace(open, {
    persistent: true,
    width: solo ? TWO_FACTOR_DIALOG.soloWidth : TWO_FACTOR_DIALOG.width,
  });

  useEffect(() => {
    if (open) return;
    // Fields reset a moment after closing so the closing animation does not show them clearing.
    const timer = setTimeout(() => {
      setValues(EMPTY);
      autoSent.current = '';
      setUseRecovery(false);
      setSubmitted(false);
      setSendState(null);
    }, TWO_FACTOR_DIALOG.resetAfterCloseMs);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (sendState !== 'sent') return;
    const timer = setTimeout(() => setSendState(null), TWO_FACTOR_DIALOG.sentNoticeMs);
    return () => clearTimeout(timer);
  }, [sendState]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const wantsTotp = requirements.includes('totp');
  const wantsEmail = requirements.includes('emailCode');
  const canRecover = requirements.includes('recoveryCode');
  const mailedOnOpen = Boolean(purpose) && wantsEmail && !wantsTotp;

  useEffect(() => {
    // A step-up answer mails its code at once: sending another waits the 60 s from the opening, as after a resend.
    if (open && mailedOnOpen) setCountdown(TWO_FACTOR_DIALOG.resendSeconds);
  }, [open, mailedOnOpen]);
  const valid = useRecovery
    ? isRecoveryCode(values.recoveryCode)
    : (!wantsTotp || isSixDigits(values.totp) || (wantsEmail && isSixDigits(values.emailCode))) &&
      (!wantsEmail || isSixDigits(values.emailCode) || (wantsTotp && isSixDigits(values.totp)));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    onSubmit(twoFactorPayload(requirements, values, useRecovery));
  };

  const setDigits = (key: 'totp' | 'emailCode', raw: string) => {
    const value = raw.replace(/\D/g, '').slice(0, TWO_FACTOR_DIALOG.codeLength);
    setValues((v) => ({ ...v, [key]: value }));
    if (solo && isSixDigits(value) && autoSent.current !== value) {
      autoSent.current = value;
      setSubmitted(true);
      onSubmit(twoFactorPayload(requirements, { ...values, [key]: value }, false));
    }
  };

  const resend = async () => {
    if (!onResend) return;
    try {
      await onResend();
      setSendState('sent');
      setCountdown(TWO_FACTOR_DIALOG.resendSeconds);
    } catch {
      setSendState('failed');
    }
  };

  if (!open || !place) return null;
  const wrong = (key: TwoFactorRequirement) => (failed.includes(key) ? [t('wrong')] : []);
  return (
    <StackLayer
      level={place.entry.level}
      zIndex={place.entry.zIndex}
      topmost={place.topmost}
      width={place.entry.width}
      label={t('title')}
      backdropClassName="bg-black/60"
      panelClassName="dark rounded-2xl border border-white/10 bg-[#171830] p-6 text-slate-100 shadow-2xl"
    >
      <form onSubmit={submit} data-solo={solo || undefined}>
        <div className="mb-4 flex items-start justify-between">
          <h2 className="text-xl font-bold">{t('title')}</h2>
          {onCancel && !required ? (
            <button
              type="button"
              aria-label={t('cancel')}
              onClick={onCancel}
              className="text-slate-400 hover:text-white"
            >
              ✕
            </button>
          ) : null}
        </div>
        {purpose ? (
          <p className="mb-4 text-sm text-slate-300">
            {t(`purpose.${purpose}`)}
            {wantsEmail && !wantsTotp ? ` ${t('mailed')}` : ''}
          </p>
        ) : null}
        {useRecovery ? (
          <CodeField
            label={t('recovery')}
            name="recoveryCode"
            value={values.recoveryCode}
            placeholder="XXXXX-XXXXX"
            errors={wrong('recoveryCode')}
            onChange={(v) => setValues((s) => ({ ...s, recoveryCode: formatRecoveryCode(v) }))}
          />
        ) : (
          <>
            {wantsTotp ? (
              <CodeField
                label={t('totp')}
                name="codeTOTP"
                value={values.totp}
                errors={wrong('totp')}
                onChange={(v) => setDigits('totp', v)}
                numeric
              />
            ) : null}
            {wantsEmail ? (
              <CodeField
                label={t('email')}
                name="codeEmailOTP"
                value={values.emailCode}
                errors={wrong('emailCode')}
                onChange={(v) => setDigits('emailCode', v)}
                numeric
              />
            ) : null}
            {wantsEmail && onResend ? (
              <button
                type="button"
                disabled={countdown > 0}
                onClick={resend}
                className="mb-3 text-sm text-primary-ink disabled:text-slate-500"
              >
                {countdown > 0 ? t('resendIn', { s: countdown }) : t('resend')}
              </button>
            ) : null}
            {sendState === 'sent' ? <p className="mb-3 text-sm text-emerald-300">{t('sent')}</p> : null}
            {sendState === 'failed' ? <p className="mb-3 text-sm text-red-300">{t('sendFailed')}</p> : null}
          </>
        )}
        {canRecover ? (
          <button
            type="button"
            onClick={() => setUseRecovery((r) => !r)}
            className="mb-4 block text-sm text-primary-ink underline underline-offset-4"
          >
            {useRecovery ? t('useCode') : t('useRecovery')}
          </button>
        ) : null}
        <button
          type="submit"
          disabled={!submitted && !valid}
          className="w-full rounded-lg bg-primary-strong px-4 py-2.5 font-semibold text-white hover:bg-primary-strong disabled:opacity-50"
        >
          {t('submit')}
        </button>
      </form>
    </StackLayer>
  );
}

function CodeField(props: {
  label: string;
  name: string;
  value: string;
  errors: string[];
  placeholder?: string;
  numeric?: boolean;
  onChange: (value: string) => void;
}) {
  const id = `two-factor-${props.name}`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm text-slate-300">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete="one-time-code"
        inputMode={props.numeric ? 'numeric' : 'text'}
        aria-invalid={props.errors.length > 0}
        onChange={(e) => props.onChange(e.target.value)}
        className="w-full rounded-lg border border-white/15 bg-black/30 px-3 py-2 text-center font-mono text-lg tracking-[0.3em] outline-none focus:border-primary"
      />
      {props.errors.map((e) => (
        <p key={e} role="alert" className="mt-1 text-sm text-red-300">
          {e}
        </p>
      ))}
    </div>
  );
}
