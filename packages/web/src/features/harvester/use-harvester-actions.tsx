import { api, type HarvesterSession } from '@tradedeck/sdk/contract';
import { type Currency, type HarvesterProfile, MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { type RefObject, useMemo } from 'react';
import { type AppServices, useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { ConfirmDialog } from '../../shared/modals/confirm-dialog.tsx';
import { invalidateOperations, operationKey } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { NEW_SESSION_WIDTH, NewSessionDialog, type NewSessionResult } from './new-session-dialog.tsx';
import { ProfileEditorDialog } from './profile-editor-dialog.tsx';
import { transactionEditGate } from './session-rules.ts';
import type { HarvesterTab } from './session-tabs.ts';
import { sessionTransactions } from './use-live-transactions.ts';

const PROFILE_EDITOR_WIDTH = 760;

/** What the actions read from the screen at the moment they run. */
export interface HarvesterScreen {
  tab: HarvesterTab;
  /** Transactions selected in the open session tab, read when an action runs. */
  selectedTransactionIds(): readonly number[];
  /** The currency new profiles start in. */
  currency: Currency;
  openSession(id: number): void;
  showTab(tab: HarvesterTab): void;
  stepTab(delta: number): void;
  closeTab(): void;
  toggleFilter(key: 'status' | 'group', value: string): void;
}

export type HarvesterActions = ReturnType<typeof createActions>;

/**
 * Every action of the screen, for its buttons and as palette commands with hotkeys (registered while the screen
 * is mounted). Session actions act on the open session tab.
 */
export function useHarvesterActions(screen: RefObject<HarvesterScreen>): HarvesterActions {
  const services = useServices();
  const actions = useMemo(() => createActions(services, screen), [services, screen]);
  useCommandHandlers('harvester', 'screen', {
    newSession: actions.newSession,
    start: actions.start,
    pause: actions.pause,
    complete: actions.complete,
    restartErrored: actions.restartErrored,
    cancelActive: actions.cancelActive,
    nextTab: () => screen.current.stepTab(1),
    previousTab: () => screen.current.stepTab(-1),
    closeTab: () => screen.current.closeTab(),
    sessionsTab: () => screen.current.showTab('sessions'),
    profilesTab: () => screen.current.showTab('profiles'),
    newProfile: () => actions.profiles.create(),
    errorsOnly: () => screen.current.toggleFilter('status', 'error'),
    groupByTarget: () => screen.current.toggleFilter('group', 'target'),
  });
  return actions;
}

function createActions(services: AppServices, screen: RefObject<HarvesterScreen>) {
  const { client, modals, toasts, i18n, queryClient } = services;
  const t = i18n.t.bind(i18n);

  /** The open tab's session as last known (live events keep it current), or a notice when none is open. */
  const current = (): HarvesterSession | null => {
    const tab = screen.current.tab;
    const session =
      typeof tab === 'number'
        ? queryClient.getQueryData<HarvesterSession>(operationKey(api.harvester.getSession, { id: tab }))
        : undefined;
    if (!session) toasts.show({ kind: 'info', text: t('harvester.gating.noSession') });
    return session ?? null;
  };
  const store = (session: HarvesterSession) => {
    queryClient.setQueryData(operationKey(api.harvester.getSession, { id: session.id }), session);
    void invalidateOperations(queryClient, api.harvester.listSessions);
  };
  /** Asks before a destructive action (400 px); false when dismissed. */
  const confirm = (title: string, text: string, confirmLabel: string) =>
    modals
      .open<boolean>(
        (controls) => (
          <ConfirmDialog controls={controls} title={title} text={text} confirmLabel={confirmLabel} />
        ),
        { width: MODAL_WIDTHS.confirm },
      )
      .catch(() => false);
  const refreshTransactions = (id: number) => void queryClient.invalidateQueries(sessionTransactions(id));

  const sessionCall = async (
    call: (id: number) => Promise<HarvesterSession>,
    doneKey: 'harvester.done.started' | 'harvester.done.paused' | 'harvester.done.completed',
    session: HarvesterSession,
  ) => {
    try {
      const updated = await call(session.id);
      store(updated);
      toasts.show({ kind: 'success', text: t(doneKey, { name: updated.name }) });
    } catch (error) {
      notifyError(services, error);
    }
  };

  /** Restart or cancel: refused here while the session runs (the server refuses it too). */
  const editTransactions = async (kind: 'restart' | 'cancel') => {
    const session = current();
    if (!session) return;
    const gate = transactionEditGate(session);
    if (gate !== 'allowed') {
      toasts.show({
        kind: 'error',
        text: t(gate === 'completed' ? 'harvester.gating.completed' : 'harvester.gating.runningSession'),
      });
      return;
    }
    const chosen = [...screen.current.selectedTransactionIds()];
    const request = { id: session.id, transactionIds: chosen, all: chosen.length === 0 };
    try {
      const result =
        kind === 'restart'
          ? await client.harvester.restartTransactions(request)
          : await client.harvester.cancelTransactions(request);
      const count = result.succeededIds.length;
      if (count === 0 && result.failed.length === 0) {
        toasts.show({
          kind: 'info',
          text: t(kind === 'restart' ? 'harvester.gating.noErrored' : 'harvester.gating.noActive'),
        });
      } else if (count > 0) {
        toasts.show({
          kind: 'success',
          text: t(kind === 'restart' ? 'harvester.done.restarted' : 'harvester.done.cancelled', { count }),
        });
      }
      if (result.failed.length > 0) {
        toasts.show({
          kind: 'error',
          text: t('harvester.done.failed', {
            count: result.failed.length,
            reason: result.failed[0]!.message,
          }),
        });
      }
    } catch (error) {
      notifyError(services, error);
    }
    refreshTransactions(session.id);
    void invalidateOperations(queryClient, api.harvester.getSession);
  };

  const profiles = {
    create: () => {
      void modals.open(
        (controls) => <ProfileEditorDialog controls={controls} currency={screen.current.currency} />,
        { width: PROFILE_EDITOR_WIDTH },
      );
    },
    edit: (profile: HarvesterProfile) => {
      void modals.open(
        (controls) => (
          <ProfileEditorDialog controls={controls} profile={profile} currency={screen.current.currency} />
        ),
        { width: PROFILE_EDITOR_WIDTH },
      );
    },
    duplicate: async (profile: HarvesterProfile) => {
      try {
        const copy = await client.harvester.duplicateProfile({ id: profile.id });
        toasts.show({ kind: 'success', text: t('harvester.profiles.duplicated', { name: copy.name }) });
      } catch (error) {
        notifyError(services, error);
      }
      void invalidateOperations(queryClient, api.harvester.listProfiles);
    },
    makeDefault: async (profile: HarvesterProfile) => {
      try {
        await client.harvester.setDefaultProfile({ id: profile.id });
      } catch (error) {
        notifyError(services, error);
      }
      void invalidateOperations(queryClient, api.harvester.listProfiles);
    },
    remove: async (profile: HarvesterProfile) => {
      const confirmed = await confirm(
        t('harvester.profiles.removeTitle'),
        t('harvester.profiles.removeText', { name: profile.name }),
        t('harvester.profiles.remove'),
      );
      if (!confirmed) return;
      try {
        await client.harvester.removeProfile({ id: profile.id });
        toasts.show({ kind: 'success', text: t('harvester.profiles.removed', { name: profile.name }) });
      } catch (error) {
        notifyError(services, error);
      }
      void invalidateOperations(queryClient, api.harvester.listProfiles);
    },
  };

  return {
    newSession: async () => {
      const result = await modals
        .open<NewSessionResult>((controls) => <NewSessionDialog controls={controls} />, {
          width: NEW_SESSION_WIDTH,
        })
        .catch(() => null);
      if (!result) return;
      store(result.session);
      screen.current.openSession(result.session.id);
      if (result.started)
        toasts.show({ kind: 'success', text: t('harvester.done.started', { name: result.session.name }) });
    },
    start: () => {
      const session = current();
      if (session)
        void sessionCall((id) => client.harvester.startSession({ id }), 'harvester.done.started', session);
    },
    pause: () => {
      const session = current();
      if (session)
        void sessionCall((id) => client.harvester.pauseSession({ id }), 'harvester.done.paused', session);
    },
    complete: async () => {
      const session = current();
      if (!session) return;
      const confirmed = await confirm(
        t('harvester.confirmComplete.title'),
        t('harvester.confirmComplete.text', { name: session.name }),
        t('harvester.confirmComplete.confirm'),
      );
      if (confirmed)
        await sessionCall(
          (id) => client.harvester.completeSession({ id }),
          'harvester.done.completed',
          session,
        );
    },
    restartErrored: () => void editTransactions('restart'),
    cancelActive: () => void editTransactions('cancel'),
    profiles,
  };
}
