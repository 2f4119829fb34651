import { api, type HarvesterSession } from '@tradedeck/sdk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { AccountPicker, EMPTY_PICK, isPicked, type SidePick } from './account-picker.tsx';

const STEPS = ['sources', 'targets', 'profile'] as const;

export const NEW_SESSION_WIDTH = 860;

/** What the wizard hands back: the created session and whether it was started. */
export interface NewSessionResult {
  session: HarvesterSession;
  started: boolean;
}

/**
 * Sources, then targets (by tag or by account), then a profile and an optional name; creates the session idle or
 * creates and starts it.
 */
export function NewSessionDialog({ controls }: { controls: ModalControls }) {
  const { t } = useTranslation();
  const services = useServices();
  const profiles = useOperationQuery(api.harvester.listProfiles);
  const [step, setStep] = useState(0);
  const [sources, setSources] = useState<SidePick>(EMPTY_PICK);
  const [targets, setTargets] = useState<SidePick>(EMPTY_PICK);
  const [name, setName] = useState('');
  const [profileId, setProfileId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenProfile =
    profileId ?? profiles.data?.find((profile) => profile.isDefault)?.id ?? profiles.data?.[0]?.id;

  const next = () => {
    const side = step === 0 ? sources : targets;
    if (!isPicked(side)) {
      setProblem(t('harvester.wizard.pickSomething'));
      return;
    }
    setProblem(null);
    setStep(step + 1);
  };

  const create = async (start: boolean) => {
    if (chosenProfile === undefined) {
      setProblem(t('harvester.wizard.noProfiles'));
      return;
    }
    setBusy(true);
    try {
      const created = await services.client.harvester.createSession({
        ...(name.trim() ? { name: name.trim() } : {}),
        profileId: chosenProfile,
        sources: { accountIds: [...sources.accounts.keys()], tagIds: [...sources.tagIds] },
        targets: { accountIds: [...targets.accounts.keys()], tagIds: [...targets.tagIds] },
        targetWeights: [],
      });
      const session = start ? await services.client.harvester.startSession({ id: created.id }) : created;
      void invalidateOperations(services.queryClient, api.harvester.listSessions);
      controls.close({ session, started: start } satisfies NewSessionResult);
    } catch (error) {
      notifyError(services, error);
    } finally {
      setBusy(false);
    }
  };

  const stepName = STEPS[step]!;
  return (
    <ModalFrame
      title={`${t('harvester.wizard.title')}: ${t(`harvester.wizard.steps.${stepName}`)}`}
      onClose={controls.dismiss}
      footer={
        <>
          <span className="me-auto self-center text-xs text-muted">
            {t('harvester.wizard.stepOf', { step: step + 1, steps: STEPS.length })}
          </span>
          <CancelButton onClick={controls.dismiss} />
          {step > 0 && (
            <button type="button" className="btn-ghost" onClick={() => setStep(step - 1)}>
              {t('harvester.wizard.back')}
            </button>
          )}
          {stepName === 'profile' ? (
            <>
              <button type="button" className="btn-ghost" disabled={busy} onClick={() => void create(false)}>
                {t('harvester.wizard.create')}
              </button>
              <button
                type="button"
                disabled={busy}
                className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
                onClick={() => void create(true)}
              >
                {t('harvester.wizard.createAndStart')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep"
              onClick={next}
            >
              {t('harvester.wizard.next')}
            </button>
          )}
        </>
      }
    >
      <div className="space-y-3">
        {stepName === 'sources' && (
          <AccountPicker value={sources} onChange={setSources} excluded={targets.accounts} />
        )}
        {stepName === 'targets' && (
          <AccountPicker value={targets} onChange={setTargets} excluded={sources.accounts} />
        )}
        {stepName === 'profile' && (
          <div className="grid gap-3 md:grid-cols-2">
            <label className="space-y-1 text-sm">
              <span className="block font-medium">{t('harvester.wizard.profile')}</span>
              <select
                className="input w-full"
                data-autofocus
                value={chosenProfile ?? ''}
                onChange={(event) => setProfileId(Number(event.target.value))}
              >
                {profiles.data?.map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.isDefault
                      ? t('harvester.wizard.defaultMark', { name: profile.name })
                      : profile.name}
                  </option>
                ))}
              </select>
              {profiles.data?.length === 0 && (
                <span className="block text-xs text-rose-700 dark:text-rose-300">
                  {t('harvester.wizard.noProfiles')}
                </span>
              )}
            </label>
            <label className="space-y-1 text-sm">
              <span className="block font-medium">{t('harvester.wizard.name')}</span>
              <input
                className="input w-full"
                maxLength={64}
                placeholder={t('harvester.wizard.namePlaceholder')}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
          </div>
        )}
        {problem && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {problem}
          </p>
        )}
      </div>
    </ModalFrame>
  );
}
