import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { requireAuth } from '../auth/index.ts';
import type { AddAccountsService } from './add-service.ts';
import type { BatchProxiesService } from './batch-proxies-service.ts';
import { type AccountEditService, batchOutcome } from './edit-service.ts';
import { extractUploadedMafiles } from './extract-service.ts';
import type { GuardCodeService } from './guard-code-service.ts';
import type { AccountQueryService } from './query-service.ts';

export interface SteamAccountServices {
  query: AccountQueryService;
  add: AddAccountsService;
  edit: AccountEditService;
  batchProxies: BatchProxiesService;
  guardCodes: GuardCodeService;
}

export function registerSteamAccountRoutes(app: FastifyInstance, services: SteamAccountServices): void {
  const ops = contract.steamAccounts;
  const { query, add, edit, batchProxies, guardCodes } = services;
  const user = (ctx: { request: Parameters<typeof requireAuth>[0] }) => requireAuth(ctx.request).userId;

  bindOperation(app, ops.query, (input, ctx) => query.query(user(ctx), input, ctx.lang));
  bindOperation(app, ops.counters, (_input, ctx) => query.counters(user(ctx)));
  bindOperation(app, ops.querySpec, () => query.querySpec());
  bindOperation(app, ops.listTags, (_input, ctx) => query.listTags(user(ctx)));
  bindOperation(app, ops.get, (input, ctx) => query.get(user(ctx), input.id, ctx.lang));

  bindOperation(app, ops.extractMafiles, (input, ctx) =>
    extractUploadedMafiles(ctx.files, input, ctx.lang, user(ctx)),
  );
  bindOperation(app, ops.add, (input, ctx) => add.add(user(ctx), input, ctx.lang));

  bindOperation(app, ops.remove, (input, ctx) => edit.remove(user(ctx), input.id));
  bindOperation(app, ops.batchRemove, (input, ctx) =>
    edit.batchRemove(user(ctx), input.accountIds, ctx.lang),
  );
  bindOperation(app, ops.setProxy, async (input, ctx) => {
    await edit.setProxy(user(ctx), input.id, input.proxyId);
    return query.get(user(ctx), input.id, ctx.lang);
  });
  bindOperation(app, ops.updatePassword, async (input, ctx) => {
    await edit.updatePassword(user(ctx), input.id, input.password);
    return query.get(user(ctx), input.id, ctx.lang);
  });
  bindOperation(app, ops.credentialsStatus, (input, ctx) => edit.credentialsStatus(user(ctx), input.id));
  bindOperation(app, ops.updateCredentials, (input, ctx) => edit.updateCredentials(user(ctx), input));

  bindOperation(app, ops.addTag, async (input, ctx) => {
    await edit.requireOwned(user(ctx), input.id);
    await edit.addTag(user(ctx), [input.id], input.tag);
    return edit.tagsOf(user(ctx), input.id);
  });
  bindOperation(app, ops.removeTag, async (input, ctx) => {
    await edit.requireOwned(user(ctx), input.id);
    await edit.removeTag(user(ctx), [input.id], input.tagId);
    return edit.tagsOf(user(ctx), input.id);
  });
  bindOperation(app, ops.batchAddTag, async (input, ctx) => {
    const { tag, owned } = await edit.addTag(user(ctx), input.accountIds, input.tag);
    return { ...batchOutcome(input.accountIds, owned, ctx.lang), tag };
  });
  bindOperation(app, ops.batchRemoveTag, async (input, ctx) => {
    const owned = await edit.removeTag(user(ctx), input.accountIds, input.tagId);
    return batchOutcome(input.accountIds, owned, ctx.lang);
  });

  bindOperation(app, ops.parseAccountsToProxies, (input, ctx) =>
    batchProxies.parse(user(ctx), input.lines, ctx.lang),
  );
  bindOperation(app, ops.batchSetProxiesFromData, (input, ctx) =>
    batchProxies.applyLines(user(ctx), input.lines, ctx.lang),
  );
  bindOperation(app, ops.batchSetProxies, (input, ctx) =>
    batchProxies.setMany(user(ctx), input.accountsToProxies, ctx.lang),
  );
  bindOperation(app, ops.guardCode, (input, ctx) => guardCodes.guardCode(user(ctx), input.id, ctx.request));
}
