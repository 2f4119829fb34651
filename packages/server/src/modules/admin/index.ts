import type { FastifyInstance } from 'fastify';
import type { AuthApi } from '../auth/index.ts';
import type { MailApi } from '../mail/index.ts';
import { adminRoutes } from './routes.ts';
import { AdminService } from './service.ts';

export interface AdminDeps {
  auth: Pick<AuthApi, 'accounts'>;
  mail: Pick<MailApi, 'outbox'>;
}

/** Moderation (admin.*): the user list, approval, bans, ending a user's sessions and the mail outbox. */
export function registerAdmin(app: FastifyInstance, { auth, mail }: AdminDeps): void {
  // The hubs start after the modules; they exist by the time a request arrives.
  adminRoutes(
    new AdminService(auth.accounts.deps, mail.outbox, (userId) => app.hubs.disconnectUser(userId)),
  ).bind(app);
}
