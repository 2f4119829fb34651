import {
  CURRENCIES,
  type Currency,
  PRICE_LINES_MAX,
  parsePriceLines,
  priceLineIssueText,
} from '@tradedeck/sdk/domain';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON, ERROR_TEXT, FIELD_LABEL } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { useLanguage } from '../../shared/use-language.ts';

/** Issues listed under the text; the count above them covers all. */
const ISSUES_SHOWN = 50;

/** The server's answer: how many lines it took and, per refused line, why. */
export interface ImportOutcome {
  imported: number;
  failed: readonly { line: number; name: string; message: string }[];
}

/**
 * Bulk edit of the custom reference prices: `name;price` lines pasted or typed, checked as they change (every
 * bad line with its number and reason). Import is possible once every line reads; the server's answer per item
 * is shown, and the dialog closes when every price was saved.
 */
export function PasteDialog({
  controls,
  defaultCurrency,
  importPrices,
}: {
  controls: ModalControls;
  defaultCurrency: Currency;
  importPrices(text: string, currency: Currency): Promise<ImportOutcome>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const describe = useDescribeError();
  const textId = useId();
  const currencyId = useId();
  const [text, setText] = useState('');
  const [currency, setCurrency] = useState<Currency>(defaultCurrency);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => parsePriceLines(deferred, currency), [deferred, currency]);
  const tooMany = parsed.entries.length + parsed.issues.length > PRICE_LINES_MAX;
  const ready = parsed.entries.length > 0 && parsed.issues.length === 0 && !tooMany && deferred === text;

  const submit = async () => {
    if (!ready || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await importPrices(text, currency);
      if (answer.failed.length === 0) controls.close(answer);
      else setOutcome(answer);
    } catch (error) {
      setFailure(describe(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      title={t('priceProfile.paste.title')}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button
            type="button"
            className={APPLY_BUTTON}
            disabled={!ready || busy}
            onClick={() => void submit()}
          >
            {busy ? t('priceProfile.paste.importing') : t('priceProfile.paste.import')}
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="flex items-end gap-3">
          <label htmlFor={textId} className={`${FIELD_LABEL} flex-1`}>
            {t('priceProfile.paste.label')}
          </label>
          <label htmlFor={currencyId} className={FIELD_LABEL}>
            {t('priceProfile.paste.currency')}
          </label>
          <select
            id={currencyId}
            className="input"
            value={currency}
            onChange={(event) => setCurrency(event.target.value as Currency)}
          >
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <textarea
          id={textId}
          rows={10}
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens on its text
          autoFocus
          value={text}
          placeholder={t('priceProfile.paste.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setOutcome(null);
          }}
          className="input w-full font-mono text-xs"
        />
        <p className="text-xs text-muted" data-testid="paste-ready">
          {t('priceProfile.paste.ready', { count: parsed.entries.length })}
        </p>
        {tooMany && (
          <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            {t('priceProfile.paste.tooMany', { max: PRICE_LINES_MAX })}
          </p>
        )}
        {parsed.issues.length > 0 && (
          <div role="alert" className="space-y-1 text-xs text-rose-700 dark:text-rose-300">
            <p className="font-semibold">{t('priceProfile.paste.issues', { count: parsed.issues.length })}</p>
            <ul className="max-h-40 space-y-0.5 overflow-auto">
              {parsed.issues.slice(0, ISSUES_SHOWN).map((issue) => (
                <li key={issue.line} data-testid="paste-issue" data-line={issue.line}>
                  <span className="font-semibold">{t('priceProfile.paste.line', { line: issue.line })}</span>
                  {': '}
                  {priceLineIssueText(issue, language, currency)}
                  <span className="ms-1 font-mono text-muted">{issue.text}</span>
                </li>
              ))}
            </ul>
            {parsed.issues.length > ISSUES_SHOWN && (
              <p>{t('priceProfile.paste.moreIssues', { count: parsed.issues.length - ISSUES_SHOWN })}</p>
            )}
          </div>
        )}
        {outcome && (
          <div role="alert" className="text-xs" data-testid="paste-outcome">
            <p>
              {t('priceProfile.paste.imported', {
                saved: outcome.imported,
                total: outcome.imported + outcome.failed.length,
              })}
            </p>
            <p className="text-rose-700 dark:text-rose-300">
              {t('priceProfile.paste.failed', { failed: outcome.failed.length })}
            </p>
            <ul className="max-h-32 overflow-auto">
              {outcome.failed.map((item) => (
                <li key={item.line}>
                  {t('priceProfile.paste.line', { line: item.line })}: {item.name} — {item.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {failure && (
          <p role="alert" className={ERROR_TEXT}>
            {failure}
          </p>
        )}
      </div>
    </ModalFrame>
  );
}
