/**
 * Header naming the workspace a call acts in; absent, the caller's personal workspace (its id is the user id).
 * Its own file, free of schemas, so the api client names it without loading zod.
 */
export const WORKSPACE_HEADER = 'x-workspace';
