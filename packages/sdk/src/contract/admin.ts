import { z } from 'zod';
import { accountStatusSchema } from './auth.ts';
import { emptyInput, isoDateTime, pageNumberSchema } from './common.ts';
import { defineOperation } from './operation.ts';

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  userName: z.string(),
  role: z.enum(['admin', 'user']),
  status: accountStatusSchema,
  banReason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  link: z.string().nullable(),
  createdAt: isoDateTime,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** Kinds of work a server process holds by a lease, which another process takes over once it runs out. */
export const LEASE_KINDS = [
  'job',
  'tradeIntent',
  'harvesterSession',
  'repricingApply',
  'renewalTurn',
] as const;

/**
 * One lease row: what is held (`kind`, its queue or reference in `what`), by which server process (`owner`: its
 * host and process id, null when the row names none), since when, and until when before another process may take
 * it over (`expiresAt`; past while the holder is late to renew).
 */
export const leaseSchema = z.object({
  kind: z.enum(LEASE_KINDS),
  what: z.string(),
  owner: z.object({ host: z.string().nullable(), pid: z.number().int().nullable() }).nullable(),
  since: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
});
export type Lease = z.infer<typeof leaseSchema>;

const userIdParam = z.strictObject({ userId: z.uuid() });

export const admin = {
  listUsers: defineOperation({
    id: 'admin.listUsers',
    method: 'POST',
    path: '/api/admin/users/query',
    summary: 'Users of this instance, filtered by state or text, newest first',
    input: z.strictObject({
      pages: z
        .object({
          page: pageNumberSchema.default(1),
          pageSize: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).default(50),
        })
        .default({ page: 1, pageSize: 50 }),
      status: accountStatusSchema.optional(),
      searchString: z.string().max(254).optional(),
    }),
    output: z.object({
      items: z.array(adminUserSchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    flags: { admin: true, noStore: true },
  }),
  approveUser: defineOperation({
    id: 'admin.approveUser',
    method: 'POST',
    path: '/api/admin/users/:userId/approve',
    summary: 'Approve a user who confirmed their e-mail',
    input: userIdParam,
    output: adminUserSchema,
    flags: { admin: true },
  }),
  banUser: defineOperation({
    id: 'admin.banUser',
    method: 'POST',
    path: '/api/admin/users/:userId/ban',
    summary: 'Ban a user: every session of theirs ends at once',
    input: z.strictObject({ userId: z.uuid(), reason: z.string().trim().max(500).optional() }),
    output: adminUserSchema,
    flags: { admin: true },
  }),
  endUserSessions: defineOperation({
    id: 'admin.endUserSessions',
    method: 'POST',
    path: '/api/admin/users/:userId/end-sessions',
    summary: 'End every session of a user without banning them: they sign in again',
    input: userIdParam,
    output: z.object({ ended: z.number().int() }),
    flags: { admin: true },
  }),
  unbanUser: defineOperation({
    id: 'admin.unbanUser',
    method: 'POST',
    path: '/api/admin/users/:userId/unban',
    summary: 'Lift a ban',
    input: userIdParam,
    output: adminUserSchema,
    flags: { admin: true },
  }),
  listOutbox: defineOperation({
    id: 'admin.listOutbox',
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'Mail kept in the database when no SMTP server is configured, newest first',
    input: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
    output: z.object({ items: z.array(outboxMailSchema) }),
    flags: { admin: true, noStore: true },
  }),
  listLeases: defineOperation({
    id: 'admin.listLeases',
    method: 'GET',
    path: '/api/admin/leases',
    summary:
      'Every lease: running jobs, pending trade intents, harvester runners and repricing applies, with owners',
    input: emptyInput,
    output: z.object({ items: z.array(leaseSchema) }),
    flags: { admin: true, noStore: true },
  }),
} as const;

export { ADMIN_TWO_FACTOR_REQUIRED } from './admin-refusal.ts';

/** Where the web app lets a user turn on the authenticator app. */
export const SECURITY_SETTINGS_PATH = '/profile/security';
