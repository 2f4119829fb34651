import type { HarvesterSession } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { canComplete, canPause, canStart, isFinished, transactionEditGate } from './session-rules.ts';

export interface SessionActionHandlers {
  newSession(): void;
  start(): void;
  pause(): void;
  complete(): void;
  restartErrored(): void;
  cancelActive(): void;
}

/**
 * The buttons of a session tab. Restart and cancel stay visible but disabled while the session runs, saying why
 * (the spec's "cannot restart or cancel during a running session").
 */
export function SessionActionsBar({
  session,
  selectedCount,
  actions,
}: {
  session: HarvesterSession;
  selectedCount: number;
  actions: SessionActionHandlers;
}) {
  const { t } = useTranslation();
  const gate = transactionEditGate(session);
  const gateText =
    gate === 'allowed'
      ? undefined
      : t(gate === 'completed' ? 'harvester.gating.completed' : 'harvester.gating.runningSession');
  const errors = session.counts.error ?? 0;
  return (
    <>
      {canPause(session) ? (
        <button type="button" className="btn-ghost" aria-keyshortcuts="p" onClick={actions.pause}>
          {t('harvester.actions.pause')}
        </button>
      ) : isFinished(session) ? (
        // Nothing is left to send: the next step is a new session, not "Resume".
        <button
          type="button"
          className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep"
          onClick={actions.newSession}
        >
          {t('harvester.actions.newSession')}
        </button>
      ) : (
        <button
          type="button"
          className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-40"
          disabled={!canStart(session)}
          aria-keyshortcuts="s"
          onClick={actions.start}
        >
          {t(session.startedAt === null ? 'harvester.actions.start' : 'harvester.actions.resume')}
        </button>
      )}
      <button
        type="button"
        className="btn-ghost"
        disabled={gate !== 'allowed' || errors === 0}
        title={gateText}
        aria-description={gateText}
        onClick={actions.restartErrored}
      >
        {t(selectedCount > 0 ? 'harvester.actions.restartSelected' : 'harvester.actions.restartErrored')}
        {errors > 0 && ` (${errors})`}
      </button>
      <button
        type="button"
        className="btn-ghost"
        disabled={gate !== 'allowed'}
        title={gateText}
        aria-description={gateText}
        onClick={actions.cancelActive}
      >
        {t(selectedCount > 0 ? 'harvester.actions.cancelSelected' : 'harvester.actions.cancelActive')}
      </button>
      <button
        type="button"
        className="btn-danger disabled:opacity-40"
        disabled={!canComplete(session)}
        onClick={actions.complete}
      >
        {t('harvester.actions.complete')}
      </button>
      {gate === 'runningSession' && (
        <p className="w-full text-xs text-amber-700 dark:text-amber-300" data-testid="gating-note">
          {gateText}
        </p>
      )}
    </>
  );
}
