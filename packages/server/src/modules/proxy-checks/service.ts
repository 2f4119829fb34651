import { randomUUID } from 'node:crypto';
import { type contract, ResultCode } from '@tradedeck/sdk/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import {
  PROXY_CHECK_QUEUE,
  PROXY_CHECK_SOURCE,
  PROXY_STATUS_EVENT,
  type ProxyCheckJobData,
  type UnsavedProxyToCheck,
  unsavedPasswordSlot,
} from './job-data.ts';
import { proxiesNotFound } from './messages.ts';
import type { ProxyCheckRepo } from './repo.ts';
import type { ProxyCheckSettings } from './run-batch.ts';

type CheckInput = z.output<typeof contract.proxies.check.input>;
type CheckStarted = z.output<typeof contract.proxies.check.output>;

export interface ProxyCheckServiceDeps {
  repo: ProxyCheckRepo;
  secrets: SecretBox;
  eventLog: EventLog;
  jobs: Jobs;
  settings: () => ProxyCheckSettings;
}

/** Starts check batches: fixes the selection, seals check-map passwords and queues the batch as a job. */
export class ProxyCheckService {
  constructor(private readonly deps: ProxyCheckServiceDeps) {}

  async start(userId: string, input: CheckInput): Promise<CheckStarted> {
    const { repo } = this.deps;
    const ids = await repo.run(userId, async (q) => {
      const selected = new Set<number>();
      if (input.ids && input.ids.length > 0) {
        const wanted = [...new Set(input.ids)];
        const owned = new Set(await q.ownedIds(wanted));
        const missing = wanted.filter((id) => !owned.has(id));
        // Another user's proxy reads as unknown, never as forbidden.
        if (missing.length > 0) {
          throw new AppError({
            code: ResultCode.NotFound,
            text: proxiesNotFound,
            details: { ids: missing.slice(0, 100) },
          });
        }
        for (const id of wanted) selected.add(id);
      }
      if (input.filters) for (const id of await q.idsMatching(input.filters)) selected.add(id);
      return [...selected];
    });

    const batchId = randomUUID();
    const unsaved: UnsavedProxyToCheck[] = [];
    const lines = Object.entries(input.proxies ?? {});
    const box = lines.some(([, line]) => line.username && line.password)
      ? await this.deps.secrets.openFor(userId)
      : null;
    for (const [key, line] of lines) {
      const username = line.username ? line.username : null;
      const password = username !== null && line.password ? line.password : null;
      unsaved.push({
        key,
        protocol: line.protocol,
        host: line.address,
        port: line.port,
        username,
        passwordEnc:
          password === null ? null : box!.encrypt(unsavedPasswordSlot(userId, batchId, key), password),
      });
    }
    const total = ids.length + unsaved.length;
    if (total === 0) return { batchId, total, sourceId: PROXY_CHECK_SOURCE };

    const headVersion = await this.deps.eventLog.headVersion({
      userId,
      hub: PROXY_STATUS_EVENT.hub,
      sourceId: PROXY_CHECK_SOURCE,
    });
    const data: ProxyCheckJobData = {
      userId,
      batchId,
      ids,
      unsaved,
      requestedAt: new Date().toISOString(),
      headVersion,
    };
    // The batch holds its job by the queue's lease while it runs: a batch whose process died resumes elsewhere.
    await this.deps.jobs.send(PROXY_CHECK_QUEUE, data, { id: batchId });
    return { batchId, total, sourceId: PROXY_CHECK_SOURCE };
  }
}
