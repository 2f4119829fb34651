import type { FastifyInstance } from 'fastify';
import type { AuthApi } from '../auth/index.ts';
import { userRoutes } from './routes.ts';
import { UserService } from './service.ts';

/** The signed-in user's own account (user.*): profile, password, e-mail, second factors, device sessions. */
export function registerUsers(app: FastifyInstance, { auth }: { auth: Pick<AuthApi, 'accounts'> }): void {
  const { deps, auth: accounts, twoFactor, stepUp } = auth.accounts;
  userRoutes(new UserService(deps, accounts, twoFactor), stepUp).bind(app);
}
