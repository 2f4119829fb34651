// The vitest projects of the root config (vitest.config.ts) and which of them are pure: no app, no database, no
// process. docs/testing.md says which one a new test goes in; test/test-layout.unit.test.ts in the server enforces it.
export const PURE_PROJECTS = ['sdk', 'web', 'cli-unit', 'server-unit'];
export const APP_PROJECTS = ['web-app', 'cli-app', 'server-app'];
export const ALL_PROJECTS = [...PURE_PROJECTS, ...APP_PROJECTS];
/** The server's projects: `pnpm test` runs them beside the other packages' (scripts/test-all.mjs). */
export const SERVER_PROJECTS = ['server-unit', 'server-app'];
