import { useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalTitleContext } from './modal-host.tsx';

/** The standard modal layout: a titled header with a close button, the body and an optional footer. */
export function ModalFrame({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose?: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const titleId = useContext(ModalTitleContext) ?? ownId;
  return (
    <section aria-labelledby={titleId}>
      <header className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-700">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('common.close')}
            className="rounded p-1 text-muted hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <span aria-hidden>✕</span>
          </button>
        )}
      </header>
      <div className="px-5 py-4 text-sm">{children}</div>
      {footer && (
        <footer className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
          {footer}
        </footer>
      )}
    </section>
  );
}
