import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Closes by itself after this many seconds (the spec leaves the length open). */
const RECOVERY_DIALOG_SECONDS = 120;

/** Shows a fresh set of recovery codes once, with copy, and closes by a countdown. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('translation', { keyPrefix: 'account' });
  const [left, setLeft] = useState(RECOVERY_DIALOG_SECONDS);
  useEffect(() => {
    if (!codes) return;
    setLeft(RECOVERY_DIALOG_SECONDS);
  }, [codes]);
  useEffect(() => {
    if (!codes) return;
    if (left <= 0) return onClose();
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [codes, left, onClose]);
  if (!codes) return null;
  return (
    <div className="dark fixed inset-0 z-[1010] flex items-center justify-center bg-black/60 px-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('recoveryTitle')}
        className="w-[500px] max-w-full rounded-2xl border border-white/10 bg-[#171830] p-6 text-slate-100"
      >
        <h2 className="mb-2 text-xl font-bold">{t('recoveryTitle')}</h2>
        <p className="mb-4 text-sm text-slate-300">{t('recoveryHint')}</p>
        <ul className="mb-4 grid grid-cols-2 gap-2 font-mono text-lg" aria-label={t('recoveryCodes')}>
          {codes.map((code) => (
            <li key={code} className="rounded bg-black/30 px-3 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between gap-3">
          <button
            type="button"
            className="rounded-lg border border-white/20 px-3 py-2 text-sm"
            onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
          >
            {t('copy')}
          </button>
          <span className="text-xs text-slate-400">{t('closesIn', { s: left })}</span>
          <button
            type="button"
            className="rounded-lg bg-primary-strong px-4 py-2 text-sm font-semibold text-white"
            onClick={onClose}
          >
            {t('close')}
          </button>
        </div>
      </div>
    </div>
  );
}
