import type { FastifyServerOptions } from 'fastify';

/** Paths that never reach the log: credentials, cookies and any field that looks like a secret. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.accessToken',
  '*.refreshToken',
  '*.twoFactor',
  '*.secret',
  '*.sharedSecret',
  '*.identitySecret',
  '*.apiKey',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
