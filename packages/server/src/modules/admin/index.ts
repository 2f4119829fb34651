import type { FastifyInstance } from 'fastify';
import type { Hubs } from '../../hubs/register.ts';
import type { LeaseView } from '../../ops/leases.ts';
import type { AuthApi } from '../auth/index.ts';
import type { MailApi } from '../mail/index.ts';
import { adminRoutes } from './routes.ts';
import { AdminService } from './service.ts';

export interface AdminDeps {
  auth: Pick<AuthApi, 'accounts'>;
  mail: Pick<MailApi, 'outbox'>;
  /** Who runs what: every lease row (ops/leases.ts). */
  leases: LeaseView;
  /** A banned user's live connections close with the ban. */
  hubs: Pick<Hubs, 'disconnectUser'>;
}

/** Moderation (admin.*): the user list, approval, bans, ending a user's sessions, the mail outbox and the leases. */
export function registerAdmin(app: FastifyInstance, { auth, mail, leases, hubs }: AdminDeps): void {
  adminRoutes(
    new AdminService(auth.accounts.deps, mail.outbox, (userId) => hubs.disconnectUser(userId)),
    leases,
  ).bind(app);
}
