import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { AddAccountsJobs } from './add-job.ts';
import type { AddAccountsService } from './add-service.ts';
import type { BatchProxiesService } from './batch-proxies-service.ts';
import { type AccountEditService, batchOutcome } from './edit-service.ts';
import { extractUploadedMafiles } from './extract-service.ts';
import type { GuardCodeService } from './guard-code-service.ts';
import type { AccountQueryService } from './query-service.ts';

export interface SteamAccountServices {
  query: AccountQueryService;
  add: AddAccountsService;
  addJobs: AddAccountsJobs;
  edit: AccountEditService;
  batchProxies: BatchProxiesService;
  guardCodes: GuardCodeService;
}

export function steamAccountRoutes(services: SteamAccountServices): Implementation {
  const { query, add, addJobs, edit, batchProxies, guardCodes } = services;
  return implement(
    contract.steamAccounts,
    {
      query: (input, ctx) => query.query(ctx.user.userId, input, ctx.lang),
      counters: (_input, ctx) => query.counters(ctx.user.userId),
      querySpec: () => query.querySpec(),
      listTags: (_input, ctx) => query.listTags(ctx.user.userId),
      get: (input, ctx) => query.get(ctx.user.userId, input.id, ctx.lang),

      extractMafiles: (input, ctx) => extractUploadedMafiles(ctx.files, input, ctx.lang, ctx.user.userId),
      add: (input, ctx) => add.add(ctx.user.userId, input, ctx.lang),
      addJob: (input, ctx) => addJobs.start(ctx.user.userId, input, ctx.lang),

      remove: (input, ctx) => edit.remove(ctx.user.userId, input.id),
      batchRemove: (input, ctx) => edit.batchRemove(ctx.user.userId, input.accountIds, ctx.lang),
      setProxy: async (input, ctx) => {
        await edit.setProxy(ctx.user.userId, input.id, input.proxyId);
        return query.get(ctx.user.userId, input.id, ctx.lang);
      },
      updatePassword: async (input, ctx) => {
        await edit.updatePassword(ctx.user.userId, input.id, input.password);
        return query.get(ctx.user.userId, input.id, ctx.lang);
      },
      credentialsStatus: (input, ctx) => edit.credentialsStatus(ctx.user.userId, input.id),
      updateCredentials: (input, ctx) => edit.updateCredentials(ctx.user.userId, input),

      addTag: async (input, ctx) => {
        await edit.requireOwned(ctx.user.userId, input.id);
        await edit.addTag(ctx.user.userId, [input.id], input.tag);
        return edit.tagsOf(ctx.user.userId, input.id);
      },
      removeTag: async (input, ctx) => {
        await edit.requireOwned(ctx.user.userId, input.id);
        await edit.removeTag(ctx.user.userId, [input.id], input.tagId);
        return edit.tagsOf(ctx.user.userId, input.id);
      },
      batchAddTag: async (input, ctx) => {
        const { tag, owned } = await edit.addTag(ctx.user.userId, input.accountIds, input.tag);
        return { ...batchOutcome(input.accountIds, owned, ctx.lang), tag };
      },
      batchRemoveTag: async (input, ctx) => {
        const owned = await edit.removeTag(ctx.user.userId, input.accountIds, input.tagId);
        return batchOutcome(input.accountIds, owned, ctx.lang);
      },

      parseAccountsToProxies: (input, ctx) => batchProxies.parse(ctx.user.userId, input.lines, ctx.lang),
      batchSetProxiesFromData: (input, ctx) =>
        batchProxies.applyLines(ctx.user.userId, input.lines, ctx.lang),
      batchSetProxies: (input, ctx) =>
        batchProxies.setMany(ctx.user.userId, input.accountsToProxies, ctx.lang),
      guardCode: (input, ctx) => guardCodes.guardCode(ctx.user.userId, input.id, ctx.request),
      guardCodeByLogin: (input, ctx) =>
        guardCodes.guardCodeByLogin(ctx.user.userId, input.login, ctx.request),
    },
    {
      guardCode: (input, ctx) => guardCodes.fewCodes(ctx.user.userId, { id: input.id }, ctx.request),
      guardCodeByLogin: (input, ctx) =>
        guardCodes.fewCodes(ctx.user.userId, { login: input.login }, ctx.request),
    },
  );
}
