import type { SecureContextOptions } from 'node:tls';
import {
  type ProxyCheckErrorClass,
  type ProxyProtocol,
  ProxyStatus,
  type ProxyStatusUpdated,
} from '@tradedeck/sdk/domain';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import {
  checkMany,
  type ProxyCheckOutcome,
  type ProxyToCheck,
  prepareCheckTarget,
} from '../../integrations/proxy-checker/index.ts';
import type { JobContext } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import { passwordSlot } from '../proxies/index.ts';
import {
  PROXY_CHECK_FINISHED_EVENT,
  PROXY_CHECK_SOURCE,
  PROXY_STATUS_EVENT,
  type ProxyCheckJobData,
  unsavedPasswordSlot,
} from './job-data.ts';
import type { ProxyCheckRepo } from './repo.ts';
import { ResultBuffer } from './result-buffer.ts';

/** How checks run; `app.proxyChecks.tune()` changes it (the check URL comes from TRADEDECK_PROXY_CHECK_URL). */
export interface ProxyCheckSettings {
  /** Where checks go; null: the built-in judge on loopback (sandbox mode without a configured URL). */
  checkUrl: string | null;
  /** Extra trusted certificates for a private HTTPS check target. */
  ca?: SecureContextOptions['ca'];
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  /** Whether proxies on loopback and private addresses are checked (else they end as `private_address`). */
  allowPrivateAddresses: boolean;
  /** Checks in flight per batch (capped by the descriptor limit). */
  concurrency?: number;
  /** Results are stored and announced together: this many, or this long after the first of them. */
  saveEveryItems: number;
  saveEveryMs: number;
}

export interface BatchDeps {
  repo: ProxyCheckRepo;
  secrets: SecretBox;
  eventLog: EventLog;
  settings: () => ProxyCheckSettings;
  countryOf: (ip: string) => string | null;
  /** The built-in loopback judge of this process: its URL (started on first use) and its failed accepts. */
  loopbackJudge: { url(): Promise<string>; acceptFailures(): number };
  notifications: Pick<NotificationsApi, 'post'>;
}

/** A proxy of the batch: a saved one by id, or a line of the check map by its key. */
interface BatchItem extends ProxyToCheck {
  savedId: number | null;
  key: string;
}

interface CheckedItem {
  item: BatchItem;
  outcome: ProxyCheckOutcome;
  checkedAt: Date;
}

class BatchInterrupted extends Error {
  override name = 'BatchInterrupted';
}

/**
 * Runs one check batch. Results are saved in chunks, each in one transaction that updates the proxies and appends
 * their `ProxyStatusUpdated` events, so a stored result is always an announced one and vice versa. A resumed run
 * (after a shutdown or a crash) skips what an earlier run saved: saved proxies checked since the batch was asked
 * for, and check-map lines whose event is in the log after the batch's starting version.
 */
export async function runProxyCheckBatch(job: JobContext<ProxyCheckJobData>, deps: BatchDeps): Promise<void> {
  const { data, signal } = job;
  const items = await batchItems(data, job.retryCount > 0, deps);
  if (items.length === 0) return announceFinished(data, deps);
  const settings = deps.settings();
  const checkUrl = settings.checkUrl ?? (await deps.loopbackJudge.url());
  const prepared = await prepareCheckTarget(checkUrl, settings.ca ? { ca: settings.ca } : {});
  const target = settings.checkUrl ? prepared : { ...prepared, inProcess: deps.loopbackJudge };
  const buffer = new ResultBuffer<CheckedItem>((chunk) => saveChunk(data.userId, data.batchId, chunk, deps), {
    maxItems: settings.saveEveryItems,
    intervalMs: settings.saveEveryMs,
  });

  let finished = false;
  let valid = 0;
  let checkError: { error: unknown } | null = null;
  const checking = checkMany(items, target, {
    connectTimeoutMs: settings.connectTimeoutMs,
    totalTimeoutMs: settings.totalTimeoutMs,
    allowPrivateAddresses: settings.allowPrivateAddresses,
    ...(settings.concurrency ? { concurrency: settings.concurrency } : {}),
    signal,
    countryOf: deps.countryOf,
    onResult(outcome, item) {
      // A failed save stops the batch: later results would be checked again by the resumed run anyway.
      if (buffer.failure) throw buffer.failure;
      if (outcome.valid) valid += 1;
      buffer.add({ item: item as BatchItem, outcome, checkedAt: new Date() });
    },
  }).then(
    (summary) => {
      // A batch stopped by shutdown before its last proxy is not finished, however it ended.
      finished = summary.checked === items.length;
    },
    (error: unknown) => {
      checkError = { error };
    },
  );
  // On shutdown, do not wait for checks in flight: what is not saved is checked again when the batch resumes.
  let onAbort = () => {};
  const interrupted = new Promise<void>((resolve) => {
    onAbort = resolve;
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([checking, interrupted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  // Read before closing the buffer: only a batch finished by now has every result in it.
  const completed = finished;
  await buffer.close();
  if (checkError) throw (checkError as { error: unknown }).error;
  if (!completed) {
    throw new BatchInterrupted('The server shut down during the batch; it resumes on the next start');
  }
  await announceFinished(data, deps);
  await deps.notifications.post(data.userId, {
    kind: 'bulkJobFinished',
    params: { job: 'proxyCheck', total: items.length, succeeded: valid, failed: items.length - valid },
    link: '/panel/proxy',
  });
}

/** Tells followers the batch has nothing left to announce, however many results it announced. */
async function announceFinished(data: ProxyCheckJobData, deps: BatchDeps): Promise<void> {
  await deps.eventLog.append(data.userId, PROXY_CHECK_FINISHED_EVENT, PROXY_CHECK_SOURCE, {
    batchId: data.batchId,
  });
}

async function batchItems(data: ProxyCheckJobData, resumed: boolean, deps: BatchDeps): Promise<BatchItem[]> {
  const { userId } = data;
  const rows = await deps.repo.run(userId, (q) =>
    q.toCheck(data.ids, resumed ? new Date(data.requestedAt) : null),
  );
  const done =
    resumed && data.unsaved.length > 0 ? await unsavedDone(data, deps.eventLog) : new Set<string>();
  const needsKey =
    rows.some((row) => row.passwordEnc !== null) || data.unsaved.some((l) => l.passwordEnc !== null);
  const box = needsKey ? await deps.secrets.openFor(userId) : null;
  const items: BatchItem[] = [];
  for (const row of rows) {
    const password =
      row.username !== null && row.passwordEnc !== null
        ? box!.decrypt(passwordSlot(userId, row.identityHash), row.passwordEnc)
        : '';
    items.push({
      savedId: row.id,
      key: String(row.id),
      protocol: row.protocol as ProxyProtocol,
      host: row.host,
      port: row.port,
      credentials: row.username === null ? null : { username: row.username, password },
    });
  }
  for (const line of data.unsaved) {
    if (done.has(line.key)) continue;
    const password =
      line.username !== null && line.passwordEnc !== null
        ? box!.decrypt(unsavedPasswordSlot(userId, data.batchId, line.key), line.passwordEnc)
        : '';
    items.push({
      savedId: null,
      key: line.key,
      protocol: line.protocol as ProxyProtocol,
      host: line.host,
      port: line.port,
      credentials: line.username === null ? null : { username: line.username, password },
    });
  }
  return items;
}

/** Keys of check-map lines whose result an earlier run of the batch already announced. */
async function unsavedDone(data: ProxyCheckJobData, eventLog: EventLog): Promise<Set<string>> {
  const keys = new Set(data.unsaved.map((line) => line.key));
  const done = new Set<string>();
  const source = { userId: data.userId, hub: PROXY_STATUS_EVENT.hub, sourceId: PROXY_CHECK_SOURCE };
  let after = data.headVersion;
  for (;;) {
    const events = await eventLog.eventsAfterVersion(source, after, 1000);
    if (events.length === 0) return done;
    for (const event of events) {
      if (event.eventName !== PROXY_STATUS_EVENT.name) continue;
      const payload = PROXY_STATUS_EVENT.payload.safeParse(event.payload);
      if (!payload.success || payload.data.status !== ProxyStatus.Unsaved) continue;
      if (typeof payload.data.id === 'string' && keys.has(payload.data.id)) done.add(payload.data.id);
    }
    after = events.at(-1)!.version;
  }
}

/** Stores a chunk of results and announces them, in one transaction. */
async function saveChunk(
  userId: string,
  batchId: string,
  chunk: CheckedItem[],
  deps: BatchDeps,
): Promise<void> {
  await deps.repo.run(userId, async (q, tx) => {
    const saved = chunk.filter((entry) => entry.item.savedId !== null);
    const statuses = await q.saveResults(
      saved.map(({ item, outcome, checkedAt }) => ({
        id: item.savedId!,
        valid: outcome.valid,
        latencyMs: outcome.latencyMs,
        exitIp: outcome.exitIp,
        countryCode: outcome.countryCode,
        errorClass: outcome.errorClass as ProxyCheckErrorClass | null,
        checkedAt,
      })),
    );
    const payloads: ProxyStatusUpdated[] = [];
    for (const { item, outcome, checkedAt } of chunk) {
      // A saved proxy deleted during the batch has nothing to update and nobody to tell.
      const status = item.savedId === null ? ProxyStatus.Unsaved : statuses.get(item.savedId);
      if (status === undefined) continue;
      payloads.push({
        id: item.savedId ?? item.key,
        batchId,
        result: outcome.valid ? 1 : 0,
        status: status as ProxyStatusUpdated['status'],
        valid: outcome.valid,
        latencyMs: outcome.latencyMs === null ? null : Math.round(outcome.latencyMs),
        exitIp: outcome.exitIp,
        countryCode: outcome.countryCode,
        errorClass: outcome.errorClass,
        checkedAt: checkedAt.toISOString(),
      });
    }
    await deps.eventLog.appendMany(userId, PROXY_STATUS_EVENT, PROXY_CHECK_SOURCE, payloads, tx);
  });
}
