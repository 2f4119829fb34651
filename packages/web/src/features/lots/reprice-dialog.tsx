import { type Currency, SINGLE_PRICE_PICKS, TRADING_PROFILES } from '@tradedeck/sdk/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON, ERROR_TEXT, FIELD_LABEL } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { AmountField } from './money-field.tsx';
import type { RepriceReport, RunReprice } from './reprice-report.ts';
import { ReportView } from './reprice-report-view.tsx';
import {
  defaultStrategyForm,
  STRATEGY_KINDS,
  type StrategyForm,
  type StrategyIssue,
  sameSettings,
  strategyOf,
  usesBand,
} from './strategy-form.ts';

interface Previewed {
  form: StrategyForm;
  report: RepriceReport;
}

/**
 * Reprice a selection or a group: strategy (the five of the spec) and profile (the three), then a preview of
 * every lot (changed, unchanged, unavailable, failed with the new price and the reason). Apply sends exactly the
 * previewed settings and is disabled until a preview of the current settings exists. An apply with failures
 * stays open on its report; a clean one closes with it.
 */
export function RepriceDialog({
  controls,
  title,
  count,
  currency,
  run,
}: {
  controls: ModalControls;
  title: string;
  count: number;
  currency: Currency;
  run: RunReprice;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const describe = useDescribeError();
  const [form, setForm] = useState<StrategyForm>(defaultStrategyForm);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [applied, setApplied] = useState<RepriceReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const strategyId = useId();
  const profileId = useId();
  const pickId = useId();

  const result = strategyOf(form, currency, language);
  const issueText = (issue: StrategyIssue | undefined) =>
    !submitted || !issue ? null : 'key' in issue ? t(`lots.reprice.${issue.key}`) : issue.text;
  const current = previewed !== null && sameSettings(previewed.form, form);
  const patch = (changes: Partial<StrategyForm>) => setForm((value) => ({ ...value, ...changes }));

  const preview = async () => {
    setSubmitted(true);
    if (!result.ok || busy) return;
    setBusy('preview');
    setFailure(null);
    setApplied(null);
    try {
      setPreviewed({ form, report: await run('preview', result.strategy, result.profile) });
    } catch (error) {
      setFailure(`${t('lots.errors.repriceDialogError')}: ${describe(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!result.ok || !current || busy) return;
    setBusy('apply');
    setFailure(null);
    try {
      const report = await run('apply', result.strategy, result.profile);
      if (report.counts.failed === 0) controls.close(report);
      else setApplied(report);
    } catch (error) {
      setFailure(`${t('lots.errors.bulkRepriceError')}: ${describe(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const shown = applied ?? previewed?.report ?? null;
  const percent = form.kind !== 'fixedRange';
  return (
    <ModalFrame
      title={title}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button type="submit" form="reprice-form" className="btn-ghost" disabled={busy !== null}>
            {busy === 'preview' ? t('lots.reprice.previewing') : t('lots.reprice.preview')}
          </button>
          <button
            type="button"
            className={APPLY_BUTTON}
            disabled={!current || busy !== null || !result.ok}
            onClick={() => void apply()}
          >
            {busy === 'apply' ? t('lots.reprice.applying') : t('lots.reprice.apply')}
          </button>
        </>
      }
    >
      <form
        id="reprice-form"
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void preview();
        }}
      >
        <p className="text-xs text-muted" data-testid="reprice-scope">
          {t('lots.reprice.scope', { count })}
        </p>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={strategyId} className={FIELD_LABEL}>
              {t('lots.reprice.strategy')}
            </label>
            <select
              id={strategyId}
              className="input mt-1 w-full"
              value={form.kind}
              onChange={(event) =>
                patch({ kind: event.target.value as StrategyForm['kind'], low: '', high: '' })
              }
            >
              {STRATEGY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`lots.reprice.strategies.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={profileId} className={FIELD_LABEL}>
              {t('lots.reprice.profile')}
            </label>
            <select
              id={profileId}
              className="input mt-1 w-full"
              value={form.profile}
              disabled={!usesBand(form.kind)}
              onChange={(event) => patch({ profile: event.target.value as StrategyForm['profile'] })}
            >
              {TRADING_PROFILES.map((profile) => (
                <option key={profile} value={profile}>
                  {t(`lots.profiles.${profile}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {usesBand(form.kind) ? (
          <div className="grid grid-cols-2 gap-3">
            <AmountField
              label={t(percent ? 'lots.reprice.lowPercent' : 'lots.reprice.low')}
              value={form.low}
              onChange={(low) => patch({ low })}
              error={issueText(result.ok ? undefined : result.issues.low)}
              suffix={percent ? '%' : currency}
            />
            <AmountField
              label={t(percent ? 'lots.reprice.highPercent' : 'lots.reprice.high')}
              value={form.high}
              onChange={(high) => patch({ high })}
              error={issueText(result.ok ? undefined : result.issues.high)}
              suffix={percent ? '%' : currency}
            />
          </div>
        ) : (
          <div>
            <label htmlFor={pickId} className={FIELD_LABEL}>
              {t('lots.reprice.pick')}
            </label>
            <select
              id={pickId}
              className="input mt-1 w-full"
              value={form.pick}
              onChange={(event) => patch({ pick: event.target.value as StrategyForm['pick'] })}
            >
              {SINGLE_PRICE_PICKS.map((pick) => (
                <option key={pick} value={pick}>
                  {t(`lots.reprice.picks.${pick}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {!shown && <p className="text-xs text-muted">{t('lots.reprice.previewFirst')}</p>}
        {previewed && !current && !applied && (
          <p className="text-xs text-amber-700 dark:text-amber-300" data-testid="preview-stale">
            {t('lots.reprice.stale')}
          </p>
        )}
        {shown && <ReportView report={shown} applied={applied !== null} />}
        {failure && (
          <p role="alert" className={ERROR_TEXT} data-testid="reprice-failure">
            {failure}
          </p>
        )}
      </form>
    </ModalFrame>
  );
}
