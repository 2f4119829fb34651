import { contract } from '@tradedeck/sdk/contract';
import { TextStreamBody } from '../../http/bind-operation.ts';
import { type Implementation, implement, operationsExcept } from '../../http/implement.ts';
import type { ProxiesService } from './service.ts';

/** Every proxies.* operation except `check`, which the proxy-checks area implements. */
export function proxyRoutes(service: ProxiesService): Implementation {
  return implement(operationsExcept(contract.proxies, 'check'), {
    query: (input, ctx) => service.query(ctx.user.userId, input),
    counters: (_input, ctx) => service.counters(ctx.user.userId),
    querySpec: (_input, ctx) => service.querySpec(ctx.user.userId),
    listTags: (_input, ctx) => service.listTags(ctx.user.userId),
    parse: (input, ctx) => service.parse(ctx.user.userId, input, ctx.lang),
    add: (input, ctx) => service.add(ctx.user.userId, input, ctx.lang),
    get: (input, ctx) => service.get(ctx.user.userId, input.id),
    remove: (input, ctx) => service.remove(ctx.user.userId, input.id, input.detach),
    batchRemove: (input, ctx) => service.batchRemove(ctx.user.userId, input.proxyIds, input.detach, ctx.lang),
    updateName: (input, ctx) => service.updateName(ctx.user.userId, input.id, input.name),
    updateCredentials: (input, ctx) =>
      service.updateCredentials(ctx.user.userId, input.id, input.credentials),
    addOrCreateTag: (input, ctx) => service.addOrCreateTag(ctx.user.userId, input.id, input.tag),
    removeTag: (input, ctx) => service.removeTag(ctx.user.userId, input.id, input.tagId),
    batchAddTag: (input, ctx) => service.batchAddTag(ctx.user.userId, input.proxiesIds, input.tag, ctx.lang),
    batchRemoveTag: (input, ctx) =>
      service.batchRemoveTag(ctx.user.userId, input.proxiesIds, input.tagId, ctx.lang),
    export: async (input, ctx) => new TextStreamBody(await service.exportLines(ctx.user.userId, input)),
  });
}
