// What other modules may use of the auth area: the signed-in caller of a request, the security log's events and
// the API other areas are built with.
export type { AuthApi } from './register.ts';
export { clientInfo, requireAuth } from './request-auth.ts';
export type { SecurityEvent } from './security-repo.ts';
