import { type AuditEntry, DEFAULT_AUDIT_RETENTION_DAYS, ResultCode } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import { csvLine } from '../../http/csv.ts';
import { auditMessages } from './messages.ts';
import type { AuditFilter, AuditQueries, AuditRepo, AuditRow } from './repo.ts';

/** Rows read per round trip of the CSV export. */
const EXPORT_BATCH = 1000;

/** The audit log of a workspace: its page, its CSV export, its retention and the prune. */
export class AuditService {
  constructor(
    private readonly repo: AuditRepo,
    private readonly now: () => number,
  ) {}

  async list(workspaceId: string, input: AuditFilter & { pages: { page: number; pageSize: number } }) {
    const { page, pageSize } = input.pages;
    return this.repo
      .run(workspaceId, async (q) => {
        await refuseStranger(q, input.actorId);
        return q.page(input, (page - 1) * pageSize, pageSize);
      })
      .then(async ({ rows, total }) => {
        const names = await this.repo.memberNames(workspaceId);
        return { items: rows.map((row) => toEntry(row, names)), total, page, pageSize };
      });
  }

  /** The matching entries as CSV, newest first, read a batch at a time while the answer streams. */
  async *exportCsv(workspaceId: string, filter: AuditFilter, lang: Language): AsyncGenerator<string> {
    await this.repo.run(workspaceId, (q) => refuseStranger(q, filter.actorId));
    const names = await this.repo.memberNames(workspaceId);
    yield csvLine(auditMessages.csvHeader[lang]);
    let beforeId: number | null = null;
    for (;;) {
      const rows: AuditRow[] = await this.repo.run(workspaceId, (q) =>
        q.batch(filter, beforeId, EXPORT_BATCH),
      );
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine(csvFields(toEntry(row, names)))).join('');
      if (rows.length < EXPORT_BATCH) return;
      beforeId = rows.at(-1)!.id;
    }
  }

  async retention(workspaceId: string): Promise<{ days: number }> {
    const days = await this.repo.run(workspaceId, (q) => q.retention());
    return { days: days ?? DEFAULT_AUDIT_RETENTION_DAYS };
  }

  async setRetention(workspaceId: string, days: number): Promise<{ days: number }> {
    await this.repo.run(workspaceId, (q) => q.setRetention(days));
    return { days };
  }

  prune(): Promise<number> {
    return this.repo.prune(new Date(this.now()), DEFAULT_AUDIT_RETENTION_DAYS);
  }
}

/** A filter by someone who is no member answers as a missing object, not as an empty page (tenant rule). */
async function refuseStranger(q: AuditQueries, actorId: string | null | undefined): Promise<void> {
  if (actorId && !(await q.isMember(actorId)))
    throw new AppError({ code: ResultCode.NotFound, text: auditMessages.memberNotFound });
}

/** An entry as the owner reads it: the actor's name from the members' names (its own row shows only its own). */
function toEntry(row: AuditRow, names: ReadonlyMap<string, string>): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId ?? '',
    actorName: row.actorName ?? (row.actorId ? (names.get(row.actorId) ?? null) : null),
    deviceSessionId: row.deviceSessionId,
    ip: row.ip,
    operation: row.operation,
    targets: (row.targets ?? {}) as Record<string, unknown>,
  };
}

function csvFields(entry: AuditEntry): string[] {
  return [
    String(entry.id),
    entry.at,
    entry.actorId,
    // A name is the only field a user typed: one starting like a formula is kept as text by spreadsheets.
    (entry.actorName ?? '').replace(/^[=+\-@\t\r]/, "'$&"),
    entry.deviceSessionId ?? '',
    entry.ip ?? '',
    entry.operation,
    JSON.stringify(entry.targets),
  ];
}
