/**
 * `errorDetails.reason` of the access-denied answer (4) that every admin operation gives an administrator whose
 * account has no authenticator app: the caller can point them at the security settings instead of a bare 403.
 * Kept apart from the admin schemas so the client can recognise it without loading zod.
 */
export const ADMIN_TWO_FACTOR_REQUIRED = 'adminTwoFactorRequired';
