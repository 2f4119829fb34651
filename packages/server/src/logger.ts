import type { FastifyServerOptions } from 'fastify';
import { serializeError, withoutQueryValues } from './log-safe-error.ts';

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

/** Query parameters that carry secrets (multipart operations take their inputs from the query string). */
const SECRET_QUERY_PARAMS = /([?&](?:passkey|password|token)=)[^&#]*/gi;

/** A request URL as logged: secret query values replaced. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export type LogFormat = 'json' | 'pretty';

/** JSON lines for machines; readable one-line entries for a person watching a terminal. */
export function loggerOptions(level: string, format: LogFormat = 'json'): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Database errors carry the statement's parameters (password hashes, sealed secrets): never logged.
    serializers: {
      err: serializeError,
      error: serializeError,
      // Fastify's own request fields, with the URL's secret query values (an upload's passkey) left out.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    // `log.error(error)` takes the message from the error itself: cleaned the same way first.
    hooks: {
      logMethod(args, method) {
        if (args[0] instanceof Error) args[0] = withoutQueryValues(args[0]) as Error;
        return method.apply(this, args);
      },
    },
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
