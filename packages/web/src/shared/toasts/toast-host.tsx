import { useTranslation } from 'react-i18next';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';

const KIND_STYLE = {
  success: 'border-emerald-500/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  warning: 'border-amber-500/50 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  error: 'border-rose-500/50 bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
} as const;

/** The notification area at the bottom right. */
export function ToastHost() {
  const { toasts } = useServices();
  const { t } = useTranslation();
  const list = useStore(toasts.subscribe, () => toasts.toasts);
  return (
    <section
      aria-label={t('toasts.region')}
      aria-live="polite"
      className="pointer-events-none fixed end-4 bottom-12 z-[3000] flex w-80 flex-col gap-2"
    >
      {list.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-2 rounded-md border px-3 py-2 text-sm shadow-lg ${KIND_STYLE[toast.kind]}`}
        >
          <p className="flex-1">{toast.text}</p>
          <button
            type="button"
            aria-label={t('common.close')}
            onClick={() => toasts.dismiss(toast.id)}
            className="opacity-60 hover:opacity-100"
          >
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
