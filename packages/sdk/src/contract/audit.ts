import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { listOutputSchema, pagesSchema } from './lists.ts';
import { defineOperation } from './operation.ts';

/** Days audit entries are kept unless the owner sets otherwise. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 180;

export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  at: isoDateTime,
  actorId: z.string(),
  /** The member's name; null when the reader may not see it or the user is gone. */
  actorName: z.string().nullable(),
  deviceSessionId: z.string().nullable(),
  ip: z.string().nullable(),
  operation: z.string(),
  /** Ids the operation named (object ids, never secrets). */
  targets: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditFilterSchema = z.object({
  actorId: z.uuid().nullable().optional(),
  /** An operation id (`proxies.remove`) or an area prefix (`proxies.`). */
  operation: z.string().trim().min(1).max(80).nullable().optional(),
  from: isoDateTime.nullable().optional(),
  to: isoDateTime.nullable().optional(),
});

export const audit = {
  list: defineOperation({
    id: 'audit.list',
    method: 'POST',
    path: '/api/audit/query',
    summary: 'Audit entries of the active workspace, newest first, filtered by member, operation and time',
    input: auditFilterSchema.extend({ pages: pagesSchema }),
    output: listOutputSchema(auditEntrySchema),
    flags: {},
  }),
  export: defineOperation({
    id: 'audit.export',
    method: 'POST',
    path: '/api/audit/export',
    summary: 'The audit entries matching the filters as CSV, newest first',
    input: auditFilterSchema,
    output: z.string(),
    responseBody: 'text-stream',
    flags: { noStore: true },
  }),
  retention: defineOperation({
    id: 'audit.retention',
    method: 'GET',
    path: '/api/audit/retention',
    summary: 'How many days audit entries of the active workspace are kept',
    input: z.object({}),
    output: z.object({ days: z.number().int().positive() }),
    flags: {},
  }),
  setRetention: defineOperation({
    id: 'audit.setRetention',
    method: 'PUT',
    path: '/api/audit/retention',
    summary: 'Set how many days audit entries of the active workspace are kept (older ones are pruned daily)',
    input: z.object({ days: z.number().int().min(7).max(3650) }),
    output: z.object({ days: z.number().int().positive() }),
    flags: {},
  }),
} as const;
