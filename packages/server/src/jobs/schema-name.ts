/** The schema pg-boss keeps its tables in, next to the app's own on the same database. */
export const JOBS_SCHEMA = 'pgboss';
