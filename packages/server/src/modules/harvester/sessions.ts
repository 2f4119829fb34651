import {
  type contract,
  type HarvesterSession,
  type HarvesterSummary,
  ResultCode,
} from '@tradedeck/sdk/contract';
import {
  addMoney,
  HARVEST_EVERYTHING,
  type HarvesterErrorReason,
  type HarvesterSettings,
  harvesterErrorMessages,
  type Money,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import {
  HARVESTER_RUNNER_QUEUE,
  type HarvesterDeps,
  type RunnerJobData,
  type SessionAccount,
} from './deps.ts';
import { harvesterMessages } from './messages.ts';
import type { HarvesterQueries, SessionRow } from './repo.ts';
import { sessionStatus, toSession } from './views.ts';

type Input<K extends keyof typeof contract.harvester> = z.output<(typeof contract.harvester)[K]['input']>;

const notFound = () => new AppError({ code: ResultCode.NotFound, text: harvesterMessages.sessionNotFound });

/** Sessions: creation from accounts or tags and a profile, start, pause, complete, the list and the summary. */
export class SessionsService {
  constructor(private readonly deps: HarvesterDeps) {}

  async create(userId: string, input: Input<'createSession'>, lang: Language): Promise<HarvesterSession> {
    const [selected, targets] = await Promise.all([
      this.select(userId, input.sources),
      this.select(userId, input.targets),
    ]);
    const picked = input.assets ? await this.picked(userId, selected, input.assets, lang) : null;
    const sources = picked?.sources ?? selected;
    if (sources.length === 0)
      throw new AppError({
        code: ResultCode.ValidationError,
        text: harvesterMessages.noSources,
        details: { fields: { sources: [harvesterMessages.noSources[lang]] } },
      });
    if (targets.length === 0)
      throw new AppError({
        code: ResultCode.ValidationError,
        text: harvesterMessages.noTargets,
        details: { fields: { targets: [harvesterMessages.noTargets[lang]] } },
      });
    const targetIds = new Set(targets.map((account) => account.id));
    const both = sources.filter((account) => targetIds.has(account.id));
    if (both.length > 0) {
      const text = harvesterMessages.sourceIsTarget(both.map((account) => account.login));
      throw new AppError({
        code: ResultCode.ValidationError,
        text,
        details: { fields: { targets: [text[lang]] }, accountIds: both.map((account) => account.id) },
      });
    }
    return this.deps.repo.run(userId, async (q, tx) => {
      const found =
        input.profileId === undefined ? await q.defaultProfile() : await q.profile(input.profileId);
      // A move of picked assets needs no profile of the trader's: the pick is the filter, and with none saved it
      // goes round robin with nothing given back.
      const profile = found ?? (picked && input.profileId === undefined ? pickedWithoutProfile(lang) : null);
      if (!profile) {
        throw input.profileId === undefined
          ? new AppError({ code: ResultCode.InvalidState, text: harvesterMessages.noProfile })
          : new AppError({ code: ResultCode.NotFound, text: harvesterMessages.profileNotFound });
      }
      const inserted = await q.insertSession({
        name: input.name ?? '',
        profileId: profile.id,
        profileName: profile.name,
        settings: picked
          ? pickSettings(profile.settings as HarvesterSettings, picked.games)
          : (profile.settings as HarvesterSettings),
        sources,
        targets,
        targetWeights: input.targetWeights.filter((weight) => targetIds.has(weight.accountId)),
      });
      const row = input.name
        ? inserted
        : (await q.updateSession(inserted.id, { name: harvesterMessages.sessionName(inserted.id)[lang] }))!;
      await this.deps.events.sessionsChanged(userId, row.id, 'created', tx);
      await this.deps.events.session(userId, q, row, tx);
      return this.deps.events.view(q, row);
    });
  }

  async list(userId: string, input: Input<'listSessions'>) {
    const { page, pageSize } = input.pages;
    const sort = input.sort.length > 0 ? input.sort : [{ propertyName: 'id' as const, isDescending: true }];
    return this.deps.repo.run(userId, async (q) => {
      const { rows, total } = await q.sessionsPage(input, sort, page, pageSize);
      const ids = rows.map((row) => row.id);
      const [counts, moved] = await Promise.all([q.statusCounts(ids), q.moved(ids)]);
      const now = this.deps.now();
      return {
        items: rows.map((row) =>
          toSession(
            row,
            counts.get(row.id),
            (moved.get(row.id) as { items: number; value: Money[] }) ?? { items: 0, value: [] },
            now,
          ),
        ),
        total,
        page,
        pageSize,
      };
    });
  }

  get(userId: string, sessionId: number): Promise<HarvesterSession> {
    return this.deps.repo.run(userId, async (q) =>
      this.deps.events.view(q, await this.require(q, sessionId)),
    );
  }

  /** Queues a runner for the session (after the change commits: a job is never sent inside a transaction). */
  async start(userId: string, sessionId: number): Promise<HarvesterSession> {
    const view = await this.change(userId, sessionId, (session) => {
      const status = sessionStatus(session, this.deps.now());
      if (status === 'running')
        throw new AppError({ code: ResultCode.InvalidState, text: harvesterMessages.alreadyRunning });
      const at = new Date(this.deps.now());
      return { status: 'running', startedAt: session.startedAt ?? at, finishedAt: null, updatedAt: at };
    });
    const data: RunnerJobData = { userId, sessionId };
    await this.deps.jobs.send(HARVESTER_RUNNER_QUEUE, data, { retryLimit: 1000, retryDelaySeconds: 1 });
    return view;
  }

  /** The runner stops before the next step of each transaction. */
  pause(userId: string, sessionId: number): Promise<HarvesterSession> {
    return this.change(userId, sessionId, (session) => {
      if (session.status !== 'running')
        throw new AppError({ code: ResultCode.InvalidState, text: harvesterMessages.notRunning });
      return { status: 'paused', updatedAt: new Date(this.deps.now()) };
    });
  }

  /** Closes the session; the caller has cancelled what was still active. */
  async complete(userId: string, sessionId: number): Promise<HarvesterSession> {
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await this.requireOpen(q, sessionId);
      if (session.status === 'running') {
        throw new AppError({ code: ResultCode.InvalidState, text: harvesterMessages.completeWhileRunning });
      }
      const at = new Date(this.deps.now());
      const row = (await q.updateSession(sessionId, {
        status: 'idle',
        completedAt: at,
        finishedAt: session.finishedAt ?? at,
        updatedAt: at,
      }))!;
      await this.deps.events.sessionsChanged(userId, sessionId, 'completed', tx);
      await this.deps.events.session(userId, q, row, tx);
      return this.deps.events.view(q, row);
    });
  }

  /**
   * Refuses a running (or unknown) session: restart and cancel need it paused (docs/product-trading.md §4,
   * §8).
   */
  async requireNotRunning(userId: string, sessionId: number): Promise<void> {
    await this.deps.repo.run(userId, async (q) => {
      const session = await this.requireOpen(q, sessionId);
      if (session.status === 'running') {
        throw new AppError({ code: ResultCode.InvalidState, text: harvesterMessages.runningSession });
      }
    });
  }

  async summary(userId: string, sessionId: number, lang: Language): Promise<HarvesterSummary> {
    return this.deps.repo.run(userId, async (q) => {
      const session = await this.require(q, sessionId);
      const view = await this.deps.events.view(q, session);
      const outcomes = await q.outcomes(sessionId);
      type Totals = { items: number; value: Money[] };
      const byGame = new Map<string, Totals>();
      const bySource = new Map<number, Totals & { login: string }>();
      const byTarget = new Map<number, Totals & { login: string; givenBack: number }>();
      const errors = new Map<string, number>();
      for (const row of outcomes) {
        if (row.status === 'error' && row.errorReason)
          errors.set(row.errorReason, (errors.get(row.errorReason) ?? 0) + 1);
        if (row.status !== 'completed') continue;
        const add = (totals: Totals) => {
          totals.items += row.itemCount;
          for (const money of row.value as Money[]) addMoney(totals.value, money);
        };
        add(getOr(byGame, row.game, () => ({ items: 0, value: [] })));
        add(getOr(bySource, row.sourceId, () => ({ items: 0, value: [], login: row.sourceLogin })));
        const target = getOr(byTarget, row.targetId, () => ({
          items: 0,
          value: [],
          login: row.targetLogin,
          givenBack: 0,
        }));
        add(target);
        target.givenBack += row.giveBackCount;
      }
      const started = session.startedAt?.getTime() ?? null;
      const ended = session.finishedAt?.getTime() ?? this.deps.now();
      return {
        sessionId,
        status: view.status,
        counts: view.counts,
        moved: { items: view.itemsMoved, value: view.valueMoved },
        byGame: [...byGame].map(([game, totals]) => ({ game: game as TradeGame, ...totals })),
        bySource: [...bySource].map(([id, t]) => ({
          account: { id, login: t.login },
          items: t.items,
          value: t.value,
        })),
        byTarget: [...byTarget].map(([id, t]) => ({
          account: { id, login: t.login },
          items: t.items,
          value: t.value,
          givenBack: t.givenBack,
        })),
        errorsByReason: [...errors]
          .sort((x, y) => y[1] - x[1])
          .map(([reason, count]) => ({
            reason: reason as HarvesterErrorReason,
            count,
            message: harvesterErrorMessages[lang][reason as HarvesterErrorReason],
          })),
        startedAt: view.startedAt,
        finishedAt: view.finishedAt,
        durationMs: started === null ? 0 : Math.max(0, ended - started),
      };
    });
  }

  /** Announces the session (after restarts or cancels changed its counts). */
  touch(userId: string, sessionId: number, reopen: boolean): Promise<void> {
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await q.session(sessionId, true);
      if (!session) return;
      const row =
        reopen && session.finishedAt !== null
          ? (await q.updateSession(sessionId, { finishedAt: null }))!
          : session;
      await this.deps.events.session(userId, q, row, tx);
    });
  }

  private async change(
    userId: string,
    sessionId: number,
    decide: (session: SessionRow) => Parameters<HarvesterQueries['updateSession']>[1],
  ): Promise<HarvesterSession> {
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await this.requireOpen(q, sessionId);
      const row = (await q.updateSession(sessionId, decide(session)))!;
      await this.deps.events.session(userId, q, row, tx);
      return this.deps.events.view(q, row);
    });
  }

  private async require(q: HarvesterQueries, sessionId: number, forUpdate = false): Promise<SessionRow> {
    const session = await q.session(sessionId, forUpdate);
    if (!session) throw notFound();
    return session;
  }

  private async requireOpen(q: HarvesterQueries, sessionId: number): Promise<SessionRow> {
    const session = await this.require(q, sessionId, true);
    if (session.completedAt !== null) {
      throw new AppError({ code: ResultCode.InvalidState, text: harvesterMessages.sessionCompleted });
    }
    return session;
  }

  /**
   * The sources of a session made from picked assets: each source that holds picked assets, with their ids, and
   * the games they are of. Every asset must be on a source and in its account's last read inventory.
   */
  private async picked(
    userId: string,
    selected: SessionAccount[],
    assets: readonly { accountId: number; assetId: string }[],
    lang: Language,
  ): Promise<{ sources: SessionAccount[]; games: TradeGame[] }> {
    const byAccount = new Map<number, Set<string>>();
    for (const asset of assets) getOr(byAccount, asset.accountId, () => new Set()).add(asset.assetId);
    const sourceIds = new Set(selected.map((account) => account.id));
    const outside = [...byAccount.keys()].filter((id) => !sourceIds.has(id));
    if (outside.length > 0) {
      const text = harvesterMessages.assetOutsideSources;
      throw new AppError({
        code: ResultCode.ValidationError,
        text,
        details: { fields: { assets: [text[lang]] }, accountIds: outside.slice(0, 100) },
      });
    }
    const games = new Set<TradeGame>();
    const missing: string[] = [];
    const sources: SessionAccount[] = [];
    for (const account of selected) {
      const wanted = byAccount.get(account.id);
      if (!wanted) continue;
      const held = new Map(
        (await this.deps.trading.cachedItems(userId, account.id)).map((item) => [item.assetId, item.game]),
      );
      for (const assetId of wanted) {
        const game = held.get(assetId);
        if (game) games.add(game);
        else missing.push(assetId);
      }
      sources.push({ ...account, assets: [...wanted] });
    }
    if (missing.length > 0) {
      const text = harvesterMessages.assetsNotInInventory(missing.length);
      throw new AppError({
        code: ResultCode.ValidationError,
        text,
        details: { fields: { assets: [text[lang]] }, assetIds: missing.slice(0, 100) },
      });
    }
    return { sources, games: [...games] };
  }

  /** The accounts named by id must all be the user's; tags select what they carry. */
  private async select(
    userId: string,
    selection: { accountIds: number[]; tagIds: number[] },
  ): Promise<SessionAccount[]> {
    const accounts = await this.deps.accounts.select(userId, selection);
    const found = new Set(accounts.map((account) => account.id));
    const missing = selection.accountIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError({
        code: ResultCode.NotFound,
        text: harvesterMessages.accountsNotFound,
        details: { ids: missing.slice(0, 100) },
      });
    }
    return accounts;
  }
}

/**
 * A picked session's copy of the profile: the pick is the filter (its games only, no max price or count); the
 * distribution, limits and give-back stay the profile's.
 */
function pickedWithoutProfile(lang: Language) {
  return { id: null, name: harvesterMessages.pickedWithoutProfile[lang], settings: HARVEST_EVERYTHING };
}

function pickSettings(settings: HarvesterSettings, games: TradeGame[]): HarvesterSettings {
  return { ...settings, games: { mode: 'whitelist', list: games }, maxItemPrice: null, maxItems: null };
}

function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
