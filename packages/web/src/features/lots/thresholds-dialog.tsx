import type { ThresholdsResult } from '@tradedeck/sdk/contract';
import { type Currency, type Money, moneyToDecimal, validateThresholds } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON, ERROR_TEXT } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { AmountField } from './money-field.tsx';

export interface ThresholdsTarget {
  title: string;
  currency: Currency;
  /** A group answers per lot and gets the spec's group outcomes (all, partial, failed). */
  group: boolean;
  min: Money | null;
  max: Money | null;
}

/** Sends the checked texts; the server validates them again in each lot's currency and answers the outcome. */
export type ApplyThresholds = (
  min: string,
  max: string,
) => Promise<Pick<ThresholdsResult, 'outcome' | 'message'>>;

const textOf = (value: Money | null) => (value ? moneyToDecimal(value) : '');

/**
 * Min and max price of a lot or a group (spec trading §5: numeric, not negative, min not greater than max, at
 * least 0.01 apart). A field's issue shows once it was left or Apply was pressed; a group answers all, partial
 * (stays open with the counts) or failed ("Failed to apply thresholds").
 */
export function ThresholdsDialog({
  controls,
  target,
  apply,
}: {
  controls: ModalControls;
  target: ThresholdsTarget;
  apply: ApplyThresholds;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const describe = useDescribeError();
  const [min, setMin] = useState(() => textOf(target.min));
  const [max, setMax] = useState(() => textOf(target.max));
  const [touched, setTouched] = useState<ReadonlySet<'min' | 'max'>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Pick<ThresholdsResult, 'outcome' | 'message'> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const checked = validateThresholds(min, max, target.currency);
  const issueOf = (field: 'min' | 'max') => {
    if (checked.ok || !(submitted || touched.has(field))) return null;
    const issue = checked.issues.find((item) => item.field === field);
    return issue ? issue[language] : null;
  };
  const touch = (field: 'min' | 'max') => setTouched((current) => new Set(current).add(field));

  const submit = async () => {
    setSubmitted(true);
    if (!checked.ok || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await apply(min.trim(), max.trim());
      if (result.outcome === 'all') controls.close(result);
      else setOutcome(result);
    } catch (error) {
      setFailure(`${t('lots.errors.thresholdsFailed')}: ${describe(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      title={target.title}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button type="submit" form="thresholds-form" className={APPLY_BUTTON} disabled={busy}>
            {busy ? t('lots.thresholds.applying') : t('lots.thresholds.apply')}
          </button>
        </>
      }
    >
      <form
        id="thresholds-form"
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid grid-cols-2 gap-3">
          <AmountField
            label={t('lots.thresholds.min')}
            value={min}
            onChange={setMin}
            onBlur={() => touch('min')}
            error={issueOf('min')}
            suffix={target.currency}
            autoFocus
          />
          <AmountField
            label={t('lots.thresholds.max')}
            value={max}
            onChange={setMax}
            onBlur={() => touch('max')}
            error={issueOf('max')}
            suffix={target.currency}
          />
        </div>
        <p className="text-xs text-muted">{t('lots.thresholds.hint', { currency: target.currency })}</p>
        {outcome && (
          <p
            role="alert"
            className={ERROR_TEXT}
            data-testid="thresholds-outcome"
            data-outcome={outcome.outcome}
          >
            {outcome.message}
          </p>
        )}
        {failure && (
          <p role="alert" className={ERROR_TEXT} data-testid="thresholds-failure">
            {failure}
          </p>
        )}
      </form>
    </ModalFrame>
  );
}
