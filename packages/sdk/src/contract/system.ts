import { z } from 'zod';
import { emptyInput, isoDateTime } from './common.ts';
import { defineOperation } from './operation.ts';

export const serverModeSchema = z.enum(['live', 'sandbox']);
export type ServerMode = z.infer<typeof serverModeSchema>;

export const maintenanceSchema = z.object({
  active: z.boolean(),
  reason: z.string().nullable(),
  estimatedCompletion: isoDateTime.nullable(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const systemStatusSchema = z.object({
  name: z.literal('tradedeck'),
  version: z.string(),
  mode: serverModeSchema,
  database: z.enum(['pglite', 'postgres']),
  maintenance: maintenanceSchema,
  serverTime: isoDateTime,
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const system = {
  status: defineOperation({
    id: 'system.status',
    method: 'GET',
    path: '/api/system/status',
    summary: 'Server version, mode and maintenance state',
    input: emptyInput,
    output: systemStatusSchema,
    flags: { public: true, noStore: true },
  }),
} as const;
