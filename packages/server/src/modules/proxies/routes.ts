import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { bindOperation, TextStreamBody } from '../../http/bind-operation.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { UserScope } from '../../security/user-scope.ts';
import { requireAuth } from '../auth/index.ts';
import type { SearchService } from '../search/index.ts';
import { ProxiesRepo } from './repo.ts';
import { ProxiesService } from './service.ts';

export interface ProxiesModuleDeps {
  database: Database;
  secrets: SecretBox;
  search: SearchService;
}

/** Binds every proxies.* operation except `check`, and adds proxies to the global search. */
export function registerProxiesModule(app: FastifyInstance, deps: ProxiesModuleDeps): ProxiesService {
  const service = new ProxiesService(new ProxiesRepo(new UserScope(deps.database.db)), deps.secrets);
  const ops = contract.proxies;
  const user = (ctx: { request: Parameters<typeof requireAuth>[0] }) => requireAuth(ctx.request).userId;

  bindOperation(app, ops.query, (input, ctx) => service.query(user(ctx), input));
  bindOperation(app, ops.counters, (_input, ctx) => service.counters(user(ctx)));
  bindOperation(app, ops.querySpec, (_input, ctx) => service.querySpec(user(ctx)));
  bindOperation(app, ops.listTags, (_input, ctx) => service.listTags(user(ctx)));
  bindOperation(app, ops.parse, (input, ctx) => service.parse(user(ctx), input, ctx.lang));
  bindOperation(app, ops.add, (input, ctx) => service.add(user(ctx), input, ctx.lang));
  bindOperation(app, ops.get, (input, ctx) => service.get(user(ctx), input.id));
  bindOperation(app, ops.remove, (input, ctx) => service.remove(user(ctx), input.id, input.detach));
  bindOperation(app, ops.batchRemove, (input, ctx) =>
    service.batchRemove(user(ctx), input.proxyIds, input.detach, ctx.lang),
  );
  bindOperation(app, ops.updateName, (input, ctx) => service.updateName(user(ctx), input.id, input.name));
  bindOperation(app, ops.updateCredentials, (input, ctx) =>
    service.updateCredentials(user(ctx), input.id, input.credentials),
  );
  bindOperation(app, ops.addOrCreateTag, (input, ctx) =>
    service.addOrCreateTag(user(ctx), input.id, input.tag),
  );
  bindOperation(app, ops.removeTag, (input, ctx) => service.removeTag(user(ctx), input.id, input.tagId));
  bindOperation(app, ops.batchAddTag, (input, ctx) =>
    service.batchAddTag(user(ctx), input.proxiesIds, input.tag, ctx.lang),
  );
  bindOperation(app, ops.batchRemoveTag, (input, ctx) =>
    service.batchRemoveTag(user(ctx), input.proxiesIds, input.tagId, ctx.lang),
  );
  bindOperation(
    app,
    ops.export,
    async (input, ctx) => new TextStreamBody(await service.exportLines(user(ctx), input)),
  );

  deps.search.addProxySource({ search: (userId, text, limit) => service.search(userId, text, limit) });
  return service;
}
