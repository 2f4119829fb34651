/** The `app` project's server port (its specs' baseURL): the global setup starts that server on it. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4517);
