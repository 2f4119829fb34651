import type { FastifyInstance } from 'fastify';
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
}

/** Moderation (admin.*): the user list, approval, bans, ending a user's sessions, the mail outbox and the leases. */
export function registerAdmin(app: FastifyInstance, { auth, mail, leases }: AdminDeps): void {
  // The hubs start after the modules; they exist by the time a request arrives.
  adminRoutes(
    new AdminService(auth.accounts.deps, mail.outbox, (userId) => app.hubs.disconnectUser(userId)),
    leases,
  ).bind(app);
}
