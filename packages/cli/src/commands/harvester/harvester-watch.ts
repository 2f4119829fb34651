import {
  HARVESTER_SESSIONS_SOURCE,
  type HarvesterSession,
  type HarvesterTransactionUpdated,
  harvesterSessionSource,
  hubEvents,
} from '@tradedeck/sdk/contract';
import type { HubEvent, HubSubscription } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../../context.ts';
import { CliFailure } from '../../exit-codes.ts';
import { failureFromError } from '../../failures.ts';
import { positiveInt, usage } from '../../kit/command-helpers.ts';
import { hubFailure, openHub } from '../../kit/hub.ts';
import { collectAll } from '../../kit/lists.ts';
import { type LiveView, openLiveView } from '../../kit/live.ts';
import {
  initialWatchState,
  selectSession,
  stepSelection,
  type WatchState,
  withSession,
  withSessions,
  withTransactionEvent,
  withTransactions,
} from './harvester-watch-state.ts';
import type { WatchKey } from './harvester-watch-view.tsx';

const VIEW_REFRESH_MS = 100;
const RELOAD_RETRY_MS = 3000;
const BY_ID = [{ propertyName: 'id' as const, isDescending: false }];
const NEWEST_FIRST = [{ propertyName: 'id' as const, isDescending: true }];
/** The alternate screen: the view takes the whole terminal and leaves the scrollback as it was. */
const ENTER_SCREEN = '\u001b[?1049h\u001b[H';
const LEAVE_SCREEN = '\u001b[?1049l';

/**
 * `tradedeck harvester watch [<id>]`: follows harvester-hub until quit (q, Ctrl+C). On a terminal a full-screen
 * view; piped, one JSON line per event. Subscriptions are made before the state is read, and a dropped connection
 * resumes from the last event's token, so no event is lost or applied twice.
 */
export async function runHarvesterWatch(ctx: CommandContext, sessionArg: string | undefined): Promise<void> {
  const wanted =
    sessionArg === undefined
      ? null
      : (positiveInt(ctx, '<id>', sessionArg) ?? usage(ctx, 'badIds', { value: sessionArg }));
  const terminal = !ctx.json && ctx.io.terminal ? ctx.io.terminal : null;

  let state = initialWatchState(wanted);
  // Without an id the cursor goes to each new session, until the user moves it by hand.
  let followNewest = wanted === null;
  let view: LiveView<WatchState> | null = null;
  const render = () => view?.update(state);
  const set = (next: WatchState) => {
    state = next;
    render();
  };
  const hub = await openHub(ctx, 'harvester-hub', {
    onNotice: (notice) => {
      if (notice.kind === 'lost' || notice.kind === 'closed') set({ ...state, connection: 'lost' });
      else if (notice.kind === 'restored') set({ ...state, connection: 'live' });
      if (!terminal && (notice.kind === 'lost' || notice.kind === 'restored')) {
        ctx.io.stderr(`${ctx.t(notice.kind === 'lost' ? 'hubLost' : 'hubRestored')}\n`);
      }
    },
  });
  const api = ctx.client();

  const printEvent = (name: string, event: HubEvent) =>
    ctx.io.stdout(
      `${JSON.stringify({ event: name, sourceId: event.sourceId, version: event.version, payload: event.payload })}\n`,
    );

  const following = new Map<number, HubSubscription>();
  let stopped = false;
  /** Reads a session's transactions; a failed read (a slow or unreachable server) says so and tries again. */
  const loadTransactions = async (id: number): Promise<void> => {
    try {
      await readTransactions(id);
      if (state.notice) set({ ...state, notice: null });
    } catch (error) {
      set({ ...state, notice: failureFromError(ctx, error).message });
      await new Promise((resolve) => setTimeout(resolve, RELOAD_RETRY_MS));
      if (!stopped && state.selectedId === id) await loadTransactions(id);
    }
  };
  const readTransactions = async (id: number) => {
    const rows = await collectAll((page, pageSize) =>
      api.harvester.transactions({
        id,
        withStatus: [],
        accountIds: [],
        sourceIds: [],
        targetIds: [],
        pages: { page, pageSize },
        sort: BY_ID,
      }),
    );
    set(withTransactions(state, id, rows));
  };
  /** Subscribes to one session's transactions (before reading them, so nothing falls between). */
  const follow = async (id: number) => {
    if (following.has(id)) return;
    const subscription = await hub.subscribe(
      hubEvents.transactionUpdated,
      (event) => {
        if (terminal) set(withTransactionEvent(state, event.payload as HarvesterTransactionUpdated));
        else printEvent(hubEvents.transactionUpdated.name, event);
      },
      {
        sourceId: harvesterSessionSource(id),
        // The server no longer keeps the events after our position: read the state again.
        onReset: () => {
          if (terminal) void loadTransactions(id);
        },
      },
    );
    following.set(id, subscription);
    if (terminal) void loadTransactions(id);
  };
  const unfollow = async (id: number) => {
    await following.get(id)?.unsubscribe();
    following.delete(id);
  };
  const select = async (next: WatchState) => {
    const previous = state.selectedId;
    set(next);
    if (next.selectedId === previous) return;
    try {
      if (previous !== null) await unfollow(previous);
      if (next.selectedId !== null) await follow(next.selectedId);
    } catch (error) {
      set({ ...state, notice: failureFromError(ctx, error).message });
    }
  };

  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const sessionCall = async (call: (id: number) => Promise<HarvesterSession>) => {
    if (state.selectedId === null) return;
    try {
      set(withSession({ ...state, notice: null }, await call(state.selectedId)));
    } catch (error) {
      set({ ...state, notice: failureFromError(ctx, error).message });
    }
  };
  const onKey = (key: WatchKey) => {
    if (key === 'quit') finish();
    else if (key === 'up' || key === 'down') {
      followNewest = false;
      void select(stepSelection(state, key === 'up' ? -1 : 1));
    } else if (key === 'pause') void sessionCall((id) => api.harvester.pauseSession({ id }));
    else void sessionCall((id) => api.harvester.startSession({ id }));
  };

  const onSignal = () => finish();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await hub.subscribe(
      hubEvents.sessionUpdated,
      (event) => {
        if (terminal) set(withSession(state, event.payload as HarvesterSession));
        else printEvent(hubEvents.sessionUpdated.name, event);
      },
      { sourceId: HARVESTER_SESSIONS_SOURCE },
    );
    await hub.subscribe(
      hubEvents.sessionsChanged,
      (event) => {
        if (!terminal) {
          printEvent(hubEvents.sessionsChanged.name, event);
          // Piped without an id, every open session is followed, new ones too.
          if (wanted === null && event.payload.change === 'created') void follow(event.payload.sessionId);
          return;
        }
        void api.harvester
          .getSession({ id: event.payload.sessionId })
          .then(async (session) => {
            const next = withSession(state, session);
            if (followNewest && event.payload.change === 'created')
              await select(selectSession(next, session.id));
            else set(next);
          })
          .catch((error: unknown) => set({ ...state, notice: failureFromError(ctx, error).message }));
      },
      { sourceId: HARVESTER_SESSIONS_SOURCE },
    );
    const list = await api.harvester.listSessions({
      withStatus: [],
      includeCompleted: true,
      pages: { page: 1, pageSize: 100 },
      sort: NEWEST_FIRST,
    });
    if (wanted !== null && !list.items.some((session) => session.id === wanted)) {
      list.items.push(await api.harvester.getSession({ id: wanted }));
    }
    state = withSessions(state, list.items);
    if (terminal) {
      const stdin = ctx.io.stdin as NodeJS.ReadStream | undefined;
      const keys = stdin?.isTTY ? stdin : undefined;
      terminal.write(ENTER_SCREEN);
      view = await openLiveView(
        ctx,
        async () => {
          const [{ WatchView }, { createElement }] = await Promise.all([
            import('./harvester-watch-view.tsx'),
            import('react'),
          ]);
          return (current: WatchState) =>
            createElement(WatchView, {
              state: current,
              t: ctx.t,
              lang: ctx.lang,
              server: ctx.serverUrl,
              keys: keys !== undefined,
              onKey,
            });
        },
        state,
        { refreshMs: VIEW_REFRESH_MS, ...(keys ? { keys } : {}) },
      );
      if (state.selectedId !== null) await follow(state.selectedId);
      // Live once the selected session is followed: its events from here on are all shown.
      set({ ...state, connection: 'live' });
    } else {
      const open =
        wanted !== null
          ? [wanted]
          : list.items.filter((session) => session.completedAt === null).map((session) => session.id);
      for (const id of open) await follow(id);
      // On stderr, so the JSON lines stay clean: the events from here on are printed.
      const sources = [HARVESTER_SESSIONS_SOURCE, ...open.map(harvesterSessionSource)].join(', ');
      ctx.io.stderr(`${ctx.t('watchFollowing', { sources })}\n`);
    }
    await finished;
  } catch (error) {
    throw error instanceof CliFailure ? error : hubOrCallFailure(ctx, error);
  } finally {
    stopped = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await view?.close();
    if (view) terminal?.write(LEAVE_SCREEN);
    await hub.stop();
  }
}

function hubOrCallFailure(ctx: CommandContext, error: unknown): CliFailure {
  if (error instanceof Error && /WebSocket|negotiat|Status code/.test(error.message)) {
    return hubFailure(ctx, 'harvester-hub', error);
  }
  return failureFromError(ctx, error);
}
