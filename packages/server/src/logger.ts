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

export type LogFormat = 'json' | 'pretty';

/** JSON lines for machines; readable one-line entries for a person watching a terminal. */
export function loggerOptions(level: string, format: LogFormat = 'json'): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(format === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}
