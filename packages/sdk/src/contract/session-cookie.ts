/**
 * A cookie the browser can read, set and cleared with the (httpOnly) refresh cookie: it holds no secret, only
 * that a refresh cookie was issued, so a first page load without a stored token knows a silent refresh can work.
 * Its own module, free of schemas: the web app reads it before anything has loaded zod.
 */
export const SIGNED_IN_COOKIE = 'tradedeck-signed-in';
