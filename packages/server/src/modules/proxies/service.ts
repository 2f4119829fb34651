import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type BatchResult,
  type Counters,
  PROXY_SORT_PROPERTIES,
  type ProxyAddResult,
  type ProxyRow,
  ResultCode,
} from '@tradedeck/sdk/contract';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type ProxyCredentials,
  ProxyProtocol,
  ProxyStatus,
  proxyIssueMessage,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { type ListWindowInput, listWindow } from '../../db/list-page.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { PacingRests } from '../pacing/index.ts';
import { addProxyLines, readProxyLines } from './add.ts';
import { type ExportRequest, exportProxyLines } from './export.ts';
import type { ProxyFilters } from './filter-sql.ts';
import { proxyMessages } from './messages.ts';
import type { ProxiesRepo, ProxyQueries, ProxySort } from './repo.ts';
import { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot, toProxyRow } from './rows.ts';
import type { TagRow } from './tag-repo.ts';

const STATUSES_COUNTED = [
  ProxyStatus.NoCheck,
  ProxyStatus.Idle,
  ProxyStatus.InUse,
  ProxyStatus.Invalid,
  ProxyStatus.Expired,
];

export interface TagInput {
  id: number;
  name: string;
}

/** The proxies area: every operation except live checks (see the proxy-checks module). */

/** Rows of a preview's answer built per turn of the event loop. */
const PREVIEW_SLICE = 10_000;
export class ProxiesService {
  constructor(
    private readonly repo: ProxiesRepo,
    private readonly secrets: SecretBox,
    private readonly rests: PacingRests,
  ) {}

  async query(userId: string, input: Partial<ProxyFilters> & ListWindowInput & { sort: ProxySort[] }) {
    const [answer, rests] = await Promise.all([
      this.repo.run(userId, async (q) => {
        await requireOwnSelection(q, input);
        return q.page(input, input.sort, listWindow(input, q.listKeys(input.sort)));
      }),
      this.rests.read(),
    ]);
    return {
      ...answer,
      items: answer.items.map((row) => ({
        ...toProxyRow(row, row.tags, row.accounts),
        resting: rests.ofProxy({ address: row.host, port: row.port }),
      })),
    };
  }

  async counters(userId: string): Promise<Counters> {
    const counts = await this.repo.run(userId, (q) => q.countByStatus());
    const byStatus: Record<string, number> = Object.fromEntries(STATUSES_COUNTED.map((s) => [String(s), 0]));
    let total = 0;
    for (const { status, count } of counts) {
      byStatus[String(status)] = (byStatus[String(status)] ?? 0) + count;
      total += count;
    }
    return { total, byStatus };
  }

  async querySpec(userId: string) {
    const countries = await this.repo.run(userId, (q) => q.countries());
    return {
      sortable: [...PROXY_SORT_PROPERTIES],
      filters: ['withTagIds', 'exceptTagIds', 'country', 'searchString', 'withStatus'],
      pageSizes: [...PAGE_SIZES],
      defaultPageSize: DEFAULT_PAGE_SIZE,
      defaultSort: [{ propertyName: 'id', isDescending: true }],
      countries,
    };
  }

  async get(userId: string, id: number): Promise<ProxyRow> {
    const [row, rests] = await Promise.all([
      this.repo.run(userId, (q) => this.oneRow(q, id)),
      this.rests.read(),
    ]);
    return { ...row, resting: rests.ofProxy(row.identity) };
  }

  async parse(userId: string, input: { proxies: string; defaultProtocol: ProxyProtocol }, lang: Language) {
    const read = await readProxyLines(this.repo, this.secrets, userId, input, lang);
    // The answer's rows a slice per turn of the event loop, as the lines were read: 100,000 at once held it.
    const proxies = [];
    for (let start = 0; start < read.fresh.length; start += PREVIEW_SLICE) {
      if (start > 0) await nextTurn();
      for (const {
        parsed: { line, text, proxy },
      } of read.fresh.slice(start, start + PREVIEW_SLICE))
        proxies.push({
          line,
          text,
          protocol: proxy.protocol,
          address: proxy.host,
          port: proxy.port,
          username: proxy.credentials?.username ?? null,
          password: proxy.credentials ? proxy.credentials.password : null,
          name: proxy.name,
        });
    }
    return {
      proxies,
      invalid: read.invalid,
      duplicates: read.duplicates,
      passwordChanges: read.passwordChanges,
    };
  }

  async add(
    userId: string,
    input: {
      proxies: string;
      defaultProtocol: ProxyProtocol;
      tag?: TagInput | null | undefined;
      updatePasswords?: boolean | undefined;
    },
    lang: Language,
  ): Promise<ProxyAddResult> {
    const tagInput = input.tag ?? null;
    // The lines that give a stored proxy a new password are found first, as a preview finds them.
    const changes = input.updatePasswords
      ? (await readProxyLines(this.repo, this.secrets, userId, input, lang)).passwordChanges
      : [];
    const tagStep = async (q: ProxyQueries) => {
      if (!tagInput) return null;
      // A foreign tag id stops the add before anything is inserted; a new tag is created only if proxies were.
      const existing =
        tagInput.id === 0
          ? await q.tags().findTagNamed(tagInput.name.trim())
          : await this.resolveTag(q, tagInput);
      return {
        knownId: existing?.id ?? null,
        link: async (tx: ProxyQueries, ids: number[]) =>
          tx.tags().linkTag(ids, (existing ?? (await this.resolveTag(tx, tagInput))).id),
      };
    };
    return addProxyLines(this.repo, this.secrets, userId, input, lang, tagStep, changes);
  }

  async remove(userId: string, id: number, detach: boolean) {
    return this.repo.run(userId, async (q) => {
      if (!(await q.ownedIds([id])).has(id))
        throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.proxyNotFound });
      const used = (await q.usageCounts([id])).get(id) ?? 0;
      if (used > 0 && !detach)
        throw new AppError({ code: ResultCode.ResourceInUse, text: proxyMessages.inUse(used) });
      const detachedAccountIds = used > 0 ? await q.detachAccounts([id]) : [];
      await q.deleteProxies([id]);
      return { id, detachedAccountIds };
    });
  }

  /** Deletes what can be deleted; in-use proxies (without detach) and unknown ids are reported per item. */
  async batchRemove(userId: string, ids: number[], detach: boolean, lang: Language): Promise<BatchResult> {
    const unique = [...new Set(ids)];
    return this.repo.run(userId, async (q) => {
      const owned = await q.ownedIds(unique);
      const usage = await q.usageCounts([...owned]);
      const failed: BatchResult['failed'] = [];
      const doomed: number[] = [];
      for (const id of unique) {
        if (!owned.has(id)) failed.push(notFound(id, lang));
        else if ((usage.get(id) ?? 0) > 0 && !detach) {
          failed.push({
            id,
            resultCode: ResultCode.ResourceInUse,
            message: proxyMessages.inUse(usage.get(id)!)[lang],
          });
        } else doomed.push(id);
      }
      if (detach && usage.size > 0) await q.detachAccounts([...usage.keys()]);
      await q.deleteProxies(doomed);
      return { succeededIds: doomed, failed };
    });
  }

  async updateName(userId: string, id: number, name: string | null): Promise<ProxyRow> {
    const clean = name?.trim() ? name.trim() : null;
    return this.repo.run(userId, async (q) => {
      await this.oneRow(q, id);
      await q.updateName(id, clean);
      return this.oneRow(q, id);
    });
  }

  async updateCredentials(
    userId: string,
    id: number,
    credentials: ProxyCredentials | null,
  ): Promise<ProxyRow> {
    // The spec sends null when both fields are empty; an empty pair from another client means the same.
    const next =
      credentials && (credentials.username !== '' || credentials.password !== '') ? credentials : null;
    const box = await this.secrets.openFor(userId);
    const key = box.deriveKey(IDENTITY_KEY_PURPOSE);
    return this.repo.run(userId, async (q) => {
      const current = await this.oneRow(q, id);
      const { protocol, address, port } = current.identity;
      if (next && next.password !== '' && protocol === ProxyProtocol.Socks4) {
        throw new AppError({
          code: ResultCode.ValidationError,
          text: {
            ru: proxyIssueMessage('socks4_password', 'ru'),
            en: proxyIssueMessage('socks4_password', 'en'),
          },
        });
      }
      const hash = identityHash(key, { protocol, host: address, port, credentials: next });
      if (await q.identityTaken(hash, id))
        throw new AppError({ code: ResultCode.AlreadyExists, text: proxyMessages.identityTaken });
      await q.updateCredentials(id, {
        username: next?.username ?? null,
        passwordEnc:
          next && next.password !== '' ? box.encrypt(passwordSlot(userId, hash), next.password) : null,
        identityHash: hash,
      });
      return this.oneRow(q, id);
    });
  }

  async listTags(userId: string) {
    return this.repo.run(userId, (q) => q.tags().listTags());
  }

  async addOrCreateTag(userId: string, id: number, tag: TagInput): Promise<TagRow[]> {
    return this.repo.run(userId, async (q) => {
      if (!(await q.ownedIds([id])).has(id))
        throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.proxyNotFound });
      const resolved = await this.resolveTag(q, tag);
      await q.tags().linkTag([id], resolved.id);
      return (await q.tags().tagsOf([id])).get(id) ?? [];
    });
  }

  async removeTag(userId: string, id: number, tagId: number): Promise<TagRow[]> {
    return this.repo.run(userId, async (q) => {
      if (!(await q.ownedIds([id])).has(id))
        throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.proxyNotFound });
      if (!(await q.tags().findTag(tagId)))
        throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.tagNotFound });
      await q.tags().unlinkTag([id], tagId);
      return (await q.tags().tagsOf([id])).get(id) ?? [];
    });
  }

  async batchAddTag(userId: string, ids: number[], tag: TagInput, lang: Language) {
    return this.repo.run(userId, async (q) => {
      const resolved = await this.resolveTag(q, tag);
      const result = await this.perOwned(q, ids, lang, (owned) => q.tags().linkTag(owned, resolved.id));
      return { ...result, tag: resolved };
    });
  }

  async batchRemoveTag(userId: string, ids: number[], tagId: number, lang: Language): Promise<BatchResult> {
    return this.repo.run(userId, async (q) => {
      if (!(await q.tags().findTag(tagId)))
        throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.tagNotFound });
      return this.perOwned(q, ids, lang, (owned) => q.tags().unlinkTag(owned, tagId));
    });
  }

  async exportLines(userId: string, request: ExportRequest): Promise<AsyncIterable<string>> {
    await this.repo.run(userId, (q) => requireOwnSelection(q, request));
    return exportProxyLines(this.repo, this.secrets, userId, request);
  }

  search(userId: string, text: string, limit: number) {
    const trimmed = text.trim();
    if (trimmed === '') return Promise.resolve([]);
    return this.repo.run(userId, (q) => q.search(trimmed, limit));
  }

  /** Id 0 creates the tag by name, reusing one of the same name in any case; another id must be the user's. */
  private async resolveTag(q: ProxyQueries, tag: TagInput): Promise<TagRow> {
    if (tag.id === 0) return q.tags().tagNamed(tag.name.trim());
    const found = await q.tags().findTag(tag.id);
    if (!found) throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.tagNotFound });
    return found;
  }

  private async perOwned(
    q: ProxyQueries,
    ids: number[],
    lang: Language,
    work: (owned: number[]) => Promise<void>,
  ): Promise<BatchResult> {
    const unique = [...new Set(ids)];
    const owned = await q.ownedIds(unique);
    const succeededIds = unique.filter((id) => owned.has(id));
    await work(succeededIds);
    return { succeededIds, failed: unique.filter((id) => !owned.has(id)).map((id) => notFound(id, lang)) };
  }

  private async oneRow(q: ProxyQueries, id: number): Promise<ProxyRow> {
    const [row] = await q.byIds([id]);
    if (!row) throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.proxyNotFound });
    const [item] = await this.rowsWithLinks(q, [row]);
    return item!;
  }

  private async rowsWithLinks(
    q: ProxyQueries,
    rows: Parameters<typeof toProxyRow>[0][],
  ): Promise<ProxyRow[]> {
    const ids = rows.map((row) => row.id);
    const [tags, accounts] = [await q.tags().tagsOf(ids), await q.accountsOf(ids)];
    return rows.map((row) => toProxyRow(row, tags.get(row.id) ?? [], accounts.get(row.id) ?? []));
  }
}

/**
 * Tag filters and id lists must name the user's own tags and proxies: another user's (or a deleted) id is
 * answered with 3 rather than an empty list, so a stale filter is noticed.
 */
async function requireOwnSelection(
  q: ProxyQueries,
  selection: { withTagIds?: number[]; exceptTagIds?: number[]; ids?: number[] | undefined },
): Promise<void> {
  const tagIds = [...new Set([...(selection.withTagIds ?? []), ...(selection.exceptTagIds ?? [])])];
  if (tagIds.length > 0 && (await q.tags().ownedTagIds(tagIds)).size < tagIds.length) {
    throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.tagNotFound });
  }
  const ids = [...new Set(selection.ids ?? [])];
  if (ids.length > 0 && (await q.ownedIds(ids)).size < ids.length) {
    throw new AppError({ code: ResultCode.NotFound, text: proxyMessages.proxyNotFound });
  }
}

function notFound(id: number, lang: Language): BatchResult['failed'][number] {
  return { id, resultCode: ResultCode.NotFound, message: proxyMessages.proxyNotFound[lang] };
}
