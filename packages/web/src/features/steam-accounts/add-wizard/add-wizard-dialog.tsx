import { api } from '@tradedeck/sdk/contract';
import { ADD_MODES, type AddMode, type AddRow, addAccountReasonMessages } from '@tradedeck/sdk/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/app-services.tsx';
import { useCommandHandlers } from '../../../shared/area/use-command-handlers.ts';
import { ModalFrame } from '../../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../../shared/modals/modal-stack.ts';
import { Hotkey } from '../../../shared/palette/kbd.tsx';
import { useOperationQuery } from '../../../shared/queries/operation-query.ts';
import { notifyError } from '../../../shared/toasts/notify-error.ts';
import { useLanguage } from '../../../shared/use-language.ts';
import { LABEL, PRIMARY_BUTTON } from '../ui.ts';
import { type AddJobProgress, addAccountsAsJob } from './add-job.ts';
import {
  applyLinesDraft,
  EMPTY_LINES,
  type LinesDraft,
  linesPending,
  MafileStep,
  TextStep,
} from './upload-steps.tsx';
import {
  afterSubmit,
  type DistributeChoice,
  type MafileNotes,
  planSubmit,
  retryableRows,
  summarize,
} from './wizard-logic.ts';
import { WizardRows } from './wizard-rows.tsx';

const STEPS = ['mafiles', 'text', 'submit'] as const;
type Step = (typeof STEPS)[number];

/**
 * Adding accounts (modal 1000): a mode (single, multiple, distribute over a proxy tag), then maFiles, then the
 * login:password lines, then the submit. Every account is validated by a Steam sign-in on the server, in a
 * background job whose progress arrives over the hub; failed rows stay with their reason for "retry failed".
 */
export function AddWizardDialog({ controls, onAdded }: { controls: ModalControls; onAdded(): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const { client, toasts } = services;
  const language = useLanguage();
  const [mode, setMode] = useState<AddMode>('multiple');
  const [step, setStep] = useState<Step>('mafiles');
  const [rows, setRows] = useState<AddRow[]>([]);
  const [notes, setNotes] = useState<MafileNotes>(new Map());
  const [distribute, setDistribute] = useState<DistributeChoice>({
    proxyTagId: null,
    maxAccountsPerProxy: 1,
  });
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<AddJobProgress | null>(null);
  const [failures, setFailures] = useState<string | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [lines, setLines] = useState<LinesDraft>(EMPTY_LINES);
  /** The server's words for failed rows where they name more than the reason, by row key. */
  const [details, setDetails] = useState<ReadonlyMap<string, string>>(new Map());
  /** "Next" met lines with errors: the step stays, saying so; a second "Next" goes on without them. */
  const [refusedNext, setRefusedNext] = useState(false);

  const proxyTags = useOperationQuery(api.proxies.listTags, undefined, {
    enabled: mode === 'distribute',
  });

  const summary = summarize(rows, mode);

  const submit = async (only: AddRow[] | null) => {
    const plan = planSubmit(only ?? rows, mode, distribute);
    if (!plan.ok) {
      setPlanError(
        plan.reason === 'noTag' || plan.reason === 'rowsWithoutProxy'
          ? t(`steamAccounts.wizard.refusals.${plan.reason}`)
          : addAccountReasonMessages[language][plan.reason],
      );
      return;
    }
    setPlanError(null);
    setSubmitting(true);
    try {
      const { result: answer, failure } = await addAccountsAsJob(
        client,
        services.workspace.id,
        plan.input,
        setProgress,
      );
      const outcome = afterSubmit(rows, plan.indexToKey, answer, language);
      setRows(outcome.rows);
      setDetails(outcome.details);
      setFailures(failure ?? outcome.failures);
      if (outcome.added > 0) {
        toasts.show({
          kind: 'success',
          text: t('steamAccounts.wizard.addedToast', { count: outcome.added }),
        });
        onAdded();
      }
      const problem = failure ?? outcome.failures;
      if (problem) toasts.show({ kind: 'error', text: problem });
    } catch (error) {
      notifyError(services, error);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  };

  const stepIndex = STEPS.indexOf(step);
  /** Leaving step 2 merges lines typed but not applied; going on with lines just refused waits for a second "Next". */
  const goTo = (next: Step) => {
    if (step === 'text' && linesPending(lines)) {
      const applied = applyLinesDraft(rows, lines);
      setRows(applied.rows);
      setLines(applied.draft);
      setPlanError(null);
      if (applied.draft.errors.length > 0 && STEPS.indexOf(next) > stepIndex) {
        setRefusedNext(true);
        return;
      }
    }
    setRefusedNext(false);
    setStep(next);
  };
  // Mod+Enter moves on (adds on the last step); Mod+Shift+Enter retries the failed rows.
  const keyActions = useRef({ next: () => {}, retry: () => {} });
  keyActions.current = {
    next: () => {
      if (submitting) return;
      if (step !== 'submit') goTo(STEPS[stepIndex + 1]!);
      else if (summary.ready + summary.retryable > 0) void submit(null);
    },
    retry: () => {
      if (!submitting && summary.retryable > 0) void submit(retryableRows(rows));
    },
  };
  useCommandHandlers('steamAccounts', 'wizard', {
    wizardNext: () => keyActions.current.next(),
    retryFailed: () => keyActions.current.retry(),
  });

  return (
    <ModalFrame
      title={t('steamAccounts.wizard.title')}
      onClose={submitting ? undefined : controls.dismiss}
      footer={
        <>
          <span className="me-auto self-center text-xs text-muted" data-testid="wizard-summary">
            {t('steamAccounts.wizard.summary', { ...summary })}
            {progress && (
              <span className="ms-2" role="status" data-testid="wizard-progress">
                {t('steamAccounts.wizard.progress', { ...progress })}
              </span>
            )}
          </span>
          {stepIndex > 0 && (
            <button
              type="button"
              className="btn-ghost"
              disabled={submitting}
              onClick={() => goTo(STEPS[stepIndex - 1]!)}
            >
              {t('steamAccounts.wizard.back')}
            </button>
          )}
          {step !== 'submit' ? (
            <button type="button" className={PRIMARY_BUTTON} onClick={() => goTo(STEPS[stepIndex + 1]!)}>
              {t('steamAccounts.wizard.next')}{' '}
              <span aria-hidden>
                <Hotkey hotkey="mod+enter" />
              </span>
            </button>
          ) : (
            <>
              {summary.retryable > 0 && (
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={submitting}
                  onClick={() => void submit(retryableRows(rows))}
                >
                  {t('steamAccounts.wizard.retryFailed')} ({summary.retryable}){' '}
                  <span aria-hidden>
                    <Hotkey hotkey="mod+shift+enter" />
                  </span>
                </button>
              )}
              <button
                type="button"
                className={PRIMARY_BUTTON}
                disabled={submitting || summary.ready + summary.retryable === 0}
                onClick={() => void submit(null)}
              >
                {submitting ? t('steamAccounts.wizard.submitting') : t('steamAccounts.wizard.submit')}{' '}
                <span aria-hidden>
                  <Hotkey hotkey="mod+enter" />
                </span>
              </button>
            </>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <fieldset className="flex flex-wrap items-end gap-4" disabled={submitting}>
          <div>
            <legend className={LABEL}>{t('steamAccounts.wizard.mode')}</legend>
            <div className="mt-1 inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
              {ADD_MODES.map((item) => (
                <label
                  key={item}
                  className={`cursor-pointer rounded px-3 py-1 text-sm ${
                    mode === item ? 'bg-primary-strong text-white' : 'hover:text-primary-ink'
                  }`}
                >
                  <input
                    type="radio"
                    name="add-mode"
                    value={item}
                    checked={mode === item}
                    onChange={() => {
                      setMode(item);
                      if (item === 'single') setRows((current) => current.slice(0, 1));
                    }}
                    className="sr-only"
                  />
                  {t(`steamAccounts.wizard.modes.${item}`)}
                </label>
              ))}
            </div>
          </div>
          {mode === 'distribute' && (
            <>
              <label className="flex flex-col gap-1">
                <span className={LABEL}>{t('steamAccounts.wizard.proxyTag')}</span>
                <select
                  className="input min-w-48"
                  value={distribute.proxyTagId ?? ''}
                  onChange={(event) =>
                    setDistribute((d) => ({
                      ...d,
                      proxyTagId: event.target.value ? Number(event.target.value) : null,
                    }))
                  }
                >
                  <option value="">
                    {proxyTags.data?.length === 0
                      ? t('steamAccounts.wizard.noProxyTags')
                      : t('steamAccounts.wizard.chooseTag')}
                  </option>
                  {proxyTags.data?.map((tag) => (
                    <option key={tag.id} value={tag.id}>
                      {tag.name} ({tag.count})
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1">
                <span className={LABEL}>{t('steamAccounts.wizard.maxPerProxy')}</span>
                <input
                  type="number"
                  min={1}
                  max={1000}
                  className="input w-28"
                  value={distribute.maxAccountsPerProxy}
                  onChange={(event) =>
                    setDistribute((d) => ({ ...d, maxAccountsPerProxy: Number(event.target.value) }))
                  }
                />
              </label>
            </>
          )}
        </fieldset>
        <p className="-mt-2 text-xs text-muted">{t(`steamAccounts.wizard.modeHints.${mode}`)}</p>

        <ol className="flex gap-2 text-sm" aria-label={t('steamAccounts.wizard.title')}>
          {STEPS.map((item, index) => (
            <li key={item} className="flex-1">
              <button
                type="button"
                aria-current={item === step ? 'step' : undefined}
                disabled={submitting}
                onClick={() => goTo(item)}
                className={`w-full rounded-md border px-3 py-1.5 text-start ${
                  item === step
                    ? 'border-primary bg-primary/10 font-semibold text-primary-ink'
                    : 'border-slate-200 text-muted hover:border-primary/50 dark:border-slate-700'
                }`}
              >
                {index + 1}. {t(`steamAccounts.wizard.steps.${item}`)}
              </button>
            </li>
          ))}
        </ol>

        {step === 'mafiles' && (
          <MafileStep
            mode={mode}
            rows={rows}
            onRows={setRows}
            onNotes={(more) => setNotes((current) => new Map([...current, ...more]))}
          />
        )}
        {step === 'text' && (
          <TextStep
            rows={rows}
            onRows={setRows}
            draft={lines}
            onDraft={(draft) => {
              setLines(draft);
              setRefusedNext(false);
            }}
            refusedNext={refusedNext}
          />
        )}
        {(planError || failures) && step === 'submit' && (
          <div
            role="alert"
            data-testid="wizard-failures"
            className="max-h-40 overflow-y-auto rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-rose-800 dark:border-rose-800 dark:bg-rose-950/40 dark:text-rose-200"
          >
            {planError ?? (
              <>
                <strong>{t('steamAccounts.wizard.failed')}:</strong> {failures}
              </>
            )}
          </div>
        )}
        <WizardRows
          rows={rows}
          details={details}
          notes={notes}
          mode={mode}
          disabled={submitting}
          onRows={(next) => {
            setRows(next);
            setPlanError(null);
          }}
        />
      </div>
    </ModalFrame>
  );
}
