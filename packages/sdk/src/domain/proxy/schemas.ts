import { z } from 'zod';
import { PROXY_EXPORT_FORMATS } from './format.ts';
import { proxyIssueMessage } from './messages.ts';
import { PROXY_CREDENTIAL_MAX_BYTES, PROXY_NAME_MAX_LENGTH, ProxyProtocol, ProxyStatus } from './types.ts';
import { normalizeProxyHost, parseProxyPort } from './validate.ts';

// Field messages are the spec's Russian texts (the default language); `params.proxyIssue` carries the code so a
// server can answer in English with `proxyIssueMessage(code, 'en')`.

export const proxyProtocolSchema = z.union([
  z.literal(ProxyProtocol.Http),
  z.literal(ProxyProtocol.Https),
  z.literal(ProxyProtocol.Socks4),
  z.literal(ProxyProtocol.Socks5),
]);

export const proxyStatusSchema = z.union([
  z.literal(ProxyStatus.NoCheck),
  z.literal(ProxyStatus.Idle),
  z.literal(ProxyStatus.InUse),
  z.literal(ProxyStatus.Invalid),
  z.literal(ProxyStatus.Expired),
  z.literal(ProxyStatus.Unsaved),
]);

/** An IP address or domain name; the output is the normalised host (IPv6 without brackets). */
export const proxyHostSchema = z.string().transform((value, ctx) => {
  const host = normalizeProxyHost(value);
  if (host === null) {
    ctx.addIssue({
      code: 'custom',
      message: proxyIssueMessage('invalid_host', 'ru'),
      params: { proxyIssue: 'invalid_host' },
    });
    return z.NEVER;
  }
  return host;
});

/** A port given as a number or as digits, 1..65535. */
export const proxyPortSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const port = parseProxyPort(value);
  if (port === null) {
    ctx.addIssue({
      code: 'custom',
      message: proxyIssueMessage('invalid_port', 'ru'),
      params: { proxyIssue: 'invalid_port' },
    });
    return z.NEVER;
  }
  return port;
});

const credentialText = z
  .string()
  .refine((value) => new TextEncoder().encode(value).length <= PROXY_CREDENTIAL_MAX_BYTES, {
    message: proxyIssueMessage('credentials_too_long', 'ru'),
    params: { proxyIssue: 'credentials_too_long' },
  });

/** Credentials as a caller sends them (write-only: answers never carry the password). Null means none. */
export const proxyCredentialsInputSchema = z
  .object({ username: credentialText.pipe(z.string().min(1)), password: credentialText })
  .nullable();

/** Credentials as answers show them. */
export const proxyCredentialsViewSchema = z
  .object({ username: z.string(), hasPassword: z.boolean() })
  .nullable();

export const proxyNameSchema = z.string().trim().max(PROXY_NAME_MAX_LENGTH).nullable();

/** A proxy to add or to check before it is saved (the parsed form of a line). */
export const proxyDraftSchema = z.object({
  protocol: proxyProtocolSchema,
  host: proxyHostSchema,
  port: proxyPortSchema,
  credentials: proxyCredentialsInputSchema,
  name: proxyNameSchema,
});

export const proxyTagSchema = z.object({ id: z.number().int().nonnegative(), name: z.string().min(1) });

/** The proxy entity (docs/product-shell.md §3). */
export const proxySchema = z.object({
  id: z.number().int().positive(),
  proxyName: z.string().nullable(),
  identity: z.object({ protocol: proxyProtocolSchema, address: z.string(), port: z.number().int() }),
  credentials: proxyCredentialsViewSchema,
  metadata: z.object({ countryCode: z.string().length(2).nullable() }),
  steamAccounts: z.array(z.object({ id: z.number().int(), login: z.string() })),
  tags: z.array(proxyTagSchema),
  status: proxyStatusSchema,
});
export type ProxyEntity = z.infer<typeof proxySchema>;

export const PROXY_CHECK_ERROR_CLASSES = [
  'refused',
  'timeout',
  'auth_failed',
  'bad_response',
  'tls',
  'dns',
  /** The proxy is on a loopback or private address, which this server does not connect to. */
  'private_address',
] as const;
export const proxyCheckErrorClassSchema = z.enum(PROXY_CHECK_ERROR_CLASSES);
export type ProxyCheckErrorClass = z.infer<typeof proxyCheckErrorClassSchema>;

/** The outcome of one live check; `result` is 1 when valid, as the spec's live event has it. */
export const proxyCheckResultSchema = z.object({
  valid: z.boolean(),
  latencyMs: z.number().nonnegative().nullable(),
  exitIp: z.string().nullable(),
  countryCode: z.string().length(2).nullable(),
  errorClass: proxyCheckErrorClassSchema.nullable(),
});
export type ProxyCheckResult = z.infer<typeof proxyCheckResultSchema>;

/** One entry of the spec's check map: keyed by proxy id; unsaved lines carry their own fields. */
export const proxyCheckItemSchema = z.object({
  protocol: proxyProtocolSchema,
  address: proxyHostSchema,
  port: proxyPortSchema,
  username: z.string().nullable().optional(),
  password: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  tag: z.string().nullable().optional(),
});
export const proxyCheckRequestSchema = z.record(z.string(), proxyCheckItemSchema);

/** Payload of `ProxyStatusUpdated` on `proxy-checker-hub`. */
export const proxyStatusUpdatedSchema = proxyCheckResultSchema.extend({
  id: z.union([z.number().int(), z.string()]),
  /**
   * The check batch the result belongs to (`batchId` of `proxies.check`), so a follower tells its batch's results
   * from those of checks started elsewhere (another tab, the CLI). Optional: the event log may still hold results
   * announced by a server that did not name the batch.
   */
  batchId: z.string().optional(),
  result: z.union([z.literal(0), z.literal(1)]),
  status: proxyStatusSchema,
  checkedAt: z.iso.datetime({ offset: false }),
});
export type ProxyStatusUpdated = z.infer<typeof proxyStatusUpdatedSchema>;

/**
 * Payload of `ProxyCheckFinished` on `proxy-checker-hub`: the batch has no result left to announce. A follower ends
 * on it, not on counting results: a proxy deleted during the batch is never announced, and a resumed batch does not
 * check again what an earlier run announced.
 */
export const proxyCheckFinishedSchema = z.object({ batchId: z.string() });
export type ProxyCheckFinished = z.infer<typeof proxyCheckFinishedSchema>;

export const proxyExportFormatSchema = z.enum(PROXY_EXPORT_FORMATS);
