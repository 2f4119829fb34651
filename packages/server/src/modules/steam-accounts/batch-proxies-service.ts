import { type BatchResult, ResultCode } from '@tradedeck/sdk/contract';
import {
  type InlineProxy,
  lineErrorToWire,
  type ProxyAssignment,
  parseProxyAssignments,
  toInlineProxy,
} from '@tradedeck/sdk/domain';
import { type Language, resultCodeMessages } from '@tradedeck/sdk/i18n';
import { echoedLine } from '../../http/echo.ts';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import type { NewProxyRow } from '../proxies/index.ts';
import type { AccountsDeps } from './deps.ts';
import { batchOutcome } from './edit-service.ts';
import { inlineToSteamProxy, type UserProxyKeys, userProxyKeys } from './proxy-identity.ts';

type LineError = ReturnType<typeof lineErrorToWire>;

interface ResolvedLine {
  assignment: ProxyAssignment;
  accountId: number | null;
  inline: InlineProxy | null;
  steam: SteamProxy | null;
  hash: string | null;
  proxyId: number | null;
}

/** `account:proxy` lines (preview and apply) and assignment of stored proxies to many accounts. */
export class BatchProxiesService {
  constructor(private readonly deps: AccountsDeps) {}

  async parse(userId: string, lines: string, lang: Language) {
    const { resolved, errors } = await this.resolve(userId, lines, lang, await this.keys(userId));
    return {
      items: resolved.map((line) => ({
        line: line.assignment.line,
        login: echoedLine(line.assignment.account),
        accountId: line.accountId,
        proxy: line.inline,
        proxyId: line.proxyId,
      })),
      errors,
    };
  }

  /**
   * Applies the lines in one transaction: proxies the user does not have yet are stored first, then every
   * known account gets its proxy (or loses it for `account:`). Unknown accounts are reported by line.
   */
  async applyLines(userId: string, lines: string, lang: Language) {
    const keys = await this.keys(userId);
    const { resolved, errors } = await this.resolve(userId, lines, lang, keys);
    const known = resolved.filter((line) => line.accountId !== null);
    const toCreate = new Map<string, NewProxyRow>();
    for (const line of known) {
      if (line.steam && line.proxyId === null && line.hash && !toCreate.has(line.hash))
        toCreate.set(line.hash, keys.newRow(line.steam));
    }
    const addedProxyIds: number[] = [];
    const done = await this.deps.repo.run(userId, async (q) => {
      const { ids: idByHash, created } = await q.proxies.storeOrFind([...toCreate.values()]);
      for (const hash of created) addedProxyIds.push(idByHash.get(hash)!);
      const byProxy = new Map<number | null, number[]>();
      for (const line of known) {
        const proxyId = line.steam ? (line.proxyId ?? idByHash.get(line.hash!)!) : null;
        const list = byProxy.get(proxyId) ?? [];
        list.push(line.accountId!);
        byProxy.set(proxyId, list);
      }
      const updated: number[] = [];
      for (const [proxyId, accountIds] of byProxy) updated.push(...(await q.setProxy(accountIds, proxyId)));
      return updated;
    });
    return { succeededIds: [...new Set(done)], failed: [], errors, addedProxyIds };
  }

  /** Sets (or with null removes) the stored proxy of many accounts in one transaction. */
  async setMany(
    userId: string,
    items: readonly { accountId: number; proxyId: number | null }[],
    lang: Language,
  ): Promise<BatchResult> {
    const foreignProxy = new Set<number>();
    const done = await this.deps.repo.run(userId, async (q) => {
      const proxyIds = [...new Set(items.flatMap((item) => (item.proxyId ? [item.proxyId] : [])))];
      const owned = await q.proxies.owned(proxyIds);
      const byProxy = new Map<number | null, number[]>();
      for (const item of items) {
        if (item.proxyId !== null && !owned.has(item.proxyId)) {
          foreignProxy.add(item.accountId);
          continue;
        }
        const list = byProxy.get(item.proxyId) ?? [];
        list.push(item.accountId);
        byProxy.set(item.proxyId, list);
      }
      const updated = new Set<number>();
      for (const [proxyId, ids] of byProxy) for (const id of await q.setProxy(ids, proxyId)) updated.add(id);
      return updated;
    });
    const outcome = batchOutcome(
      items.map((item) => item.accountId),
      done,
      lang,
    );
    // An account whose proxy is someone else's (or unknown) failed for the proxy: same answer, 3.
    outcome.failed = outcome.failed.map((failure) =>
      foreignProxy.has(failure.id)
        ? {
            ...failure,
            resultCode: ResultCode.NotFound,
            message: resultCodeMessages[lang][ResultCode.NotFound],
          }
        : failure,
    );
    return outcome;
  }

  private async keys(userId: string): Promise<UserProxyKeys> {
    return userProxyKeys(await this.deps.secrets.openFor(userId), userId);
  }

  private async resolve(
    userId: string,
    lines: string,
    lang: Language,
    keys: UserProxyKeys,
  ): Promise<{ resolved: ResolvedLine[]; errors: LineError[] }> {
    const parsed = parseProxyAssignments(lines);
    const errors: LineError[] = parsed.errors.map((error) => lineErrorToWire(error, lang));
    const withProxy = parsed.assignments.map((assignment) => {
      const inline = toInlineProxy(assignment.proxy);
      const steam = inline ? inlineToSteamProxy(inline) : null;
      return {
        assignment,
        inline,
        steam,
        hash: steam ? keys.hash(steam) : null,
      };
    });
    const { accounts, proxyIds } = await this.deps.repo.run(userId, async (q) => ({
      accounts: await q.findByLoginsOrSteamIds(parsed.assignments.map((a) => a.account)),
      proxyIds: await q.proxies.idsByIdentityHashes(
        withProxy.flatMap((line) => (line.hash ? [line.hash] : [])),
      ),
    }));
    const byKey = new Map<string, number>();
    for (const account of accounts) {
      byKey.set(account.login.toLowerCase(), account.id);
      if (account.steamId) byKey.set(account.steamId, account.id);
    }
    const resolved: ResolvedLine[] = withProxy.map((line) => ({
      ...line,
      accountId: byKey.get(line.assignment.account.toLowerCase()) ?? null,
      proxyId: line.hash ? (proxyIds.get(line.hash) ?? null) : null,
    }));
    for (const line of resolved) {
      if (line.accountId === null)
        errors.push(
          lineErrorToWire(
            { line: line.assignment.line, account: line.assignment.account, reason: 'unknownAccount' },
            lang,
          ),
        );
    }
    errors.sort((a, b) => a.line - b.line);
    return {
      resolved,
      errors: errors.map((error) => ({ ...error, account: error.account && echoedLine(error.account) })),
    };
  }
}
