import { z } from 'zod';
import { type ProxyExportFormat, proxyLineRenderer } from '../domain/proxy/format.ts';
import {
  proxyCheckErrorClassSchema,
  proxyCheckRequestSchema,
  proxyCredentialsInputSchema,
  proxyExportFormatSchema,
  proxyNameSchema,
  proxyProtocolSchema,
  proxySchema,
  proxyStatusSchema,
  proxyTagSchema,
} from '../domain/proxy/schemas.ts';
import { emptyInput, idFromText, idSchema, isoDateTime } from './common.ts';
import {
  batchResultSchema,
  countersSchema,
  idParam,
  idsSchema,
  listOutputSchema,
  listWindowFields,
  pagesSchema,
  querySpecSchema,
  sortSchema,
  tagInputSchema,
  tagWithCountSchema,
} from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';
import { pacingRestSchema } from './pacing.ts';

export const PROXY_SORT_PROPERTIES = [
  'id',
  'proxyName',
  'address',
  'port',
  'protocol',
  'countryCode',
  'status',
  'latencyMs',
  'checkedAt',
  'createdAt',
] as const;

/** The outcome of the proxy's last check, when it was checked. */
export const proxyLastCheckSchema = z.object({
  checkedAt: isoDateTime,
  valid: z.boolean(),
  latencyMs: z.number().nonnegative().nullable(),
  exitIp: z.string().nullable(),
  errorClass: proxyCheckErrorClassSchema.nullable(),
});

/** A stored proxy as lists and dialogs show it (the spec's entity plus its last check). */
export const proxyRowSchema = proxySchema.extend({
  lastCheck: proxyLastCheckSchema.nullable(),
  createdAt: isoDateTime,
  /** The proxy's earliest rest after a Steam limit (docs/pacing.md); null: none; absent where not read. */
  resting: pacingRestSchema.nullable().optional(),
});
export type ProxyRow = z.infer<typeof proxyRowSchema>;

/** Filters shared by `query`, `export` and `check` over a selection. */
export const proxyFiltersSchema = z.object({
  withTagIds: z.array(idSchema).default([]),
  exceptTagIds: z.array(idSchema).default([]),
  /** ISO 3166 alpha-2; `--` selects proxies whose country is unknown. */
  country: z
    .string()
    .regex(/^([A-Za-z]{2}|--)$/)
    .transform((code) => code.toUpperCase())
    .nullable()
    .optional(),
  searchString: z.string().trim().max(200).optional(),
  withStatus: z.array(proxyStatusSchema).default([]),
});

/** One line that did not become a proxy: its 1-based number, text and the reason in the request's language. */
export const proxyLineIssueSchema = z.object({
  line: z.number().int().positive(),
  text: z.string(),
  code: z.string(),
  message: z.string(),
});

/** A parsed line as the preview shows it (the password is the caller's own input, echoed only here). */
export const parsedProxyLineSchema = z.object({
  line: z.number().int().positive(),
  text: z.string(),
  protocol: proxyProtocolSchema,
  address: z.string(),
  port: z.number().int(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  name: z.string().nullable(),
});

/** Proxy lines as pasted or read from a file, plus how to read lines without a scheme. */
const proxyLinesInput = z.object({
  proxies: z.string().max(32 * 1024 * 1024),
  defaultProtocol: proxyProtocolSchema.default(0),
});

/** A line that names a stored proxy (same protocol, address and login) with another password. */
export const proxyPasswordChangeSchema = z.object({
  line: z.number().int().positive(),
  proxyId: z.number().int(),
});

export const proxyAddResultSchema = z.object({
  addedIds: z.array(z.number().int()),
  /** Stored proxies whose password the lines replaced (only with `updatePasswords`). */
  updatedIds: z.array(z.number().int()),
  /** Lines whose proxy the user already has, or that repeat an earlier line ("some already exist"). */
  duplicates: z.array(proxyLineIssueSchema),
  /** Lines that match no accepted format, with the reason. */
  invalid: z.array(proxyLineIssueSchema),
});
export type ProxyAddResult = z.infer<typeof proxyAddResultSchema>;

export const proxyCheckStartedSchema = z.object({
  /** The check batch (a job); each result arrives as `ProxyStatusUpdated` on `proxy-checker-hub`, source `proxies`. */
  batchId: z.string(),
  total: z.number().int().nonnegative(),
  sourceId: z.literal('proxies'),
});

/**
 * As `proxyCredentialsInputSchema`, plus the empty pair, which removes the credentials like null
 * (docs/product-shell.md §5).
 */
export const proxyCredentialsUpdateSchema = z.union([
  z.object({ username: z.literal(''), password: z.literal('') }).transform(() => null),
  proxyCredentialsInputSchema,
]);

const tagParam = z.object({
  id: idFromText,
  tagId: idFromText,
});

/** A password no stored proxy has: an export line that shows it would show real passwords. */
const PASSWORD_PROBE = '\u0000probe\u0000';

/**
 * Whether an export shows stored passwords: asked of the line renderer itself, so any format or placeholder
 * that prints the password counts. A template the renderer refuses shows nothing (the export answers 10).
 */
export function exportShowsPasswords(request: { format: ProxyExportFormat; template?: string | undefined }) {
  const renderer = proxyLineRenderer(
    request.format === 'custom'
      ? { format: 'custom', template: request.template ?? '' }
      : { format: request.format },
  );
  if (!renderer.ok) return false;
  const line = renderer.render({
    protocol: 0,
    host: '192.0.2.1',
    port: 1,
    credentials: { username: 'probe', password: PASSWORD_PROBE },
    name: null,
  });
  return line.includes(PASSWORD_PROBE);
}

export const proxies = {
  query: defineOperation({
    id: 'proxies.query',
    method: 'POST',
    path: '/api/proxies/query',
    summary: "The user's proxies, filtered by tags, country, status and text, sorted and paged",
    input: proxyFiltersSchema.extend({
      pages: pagesSchema,
      sort: sortSchema(PROXY_SORT_PROPERTIES),
      ...listWindowFields,
    }),
    output: listOutputSchema(proxyRowSchema),
    flags: {},
  }),
  counters: defineOperation({
    id: 'proxies.counters',
    method: 'GET',
    path: '/api/proxies/counters',
    summary: 'How many proxies the user has, by status',
    input: emptyInput,
    output: countersSchema,
    flags: {},
  }),
  querySpec: defineOperation({
    id: 'proxies.querySpec',
    method: 'GET',
    path: '/api/proxies/query-spec',
    summary: 'Sortable properties, filters and page sizes of proxies.query, plus the countries present',
    input: emptyInput,
    output: querySpecSchema.extend({
      countries: z.array(z.object({ code: z.string().nullable(), count: z.number().int() })),
    }),
    flags: {},
  }),
  listTags: defineOperation({
    id: 'proxies.listTags',
    method: 'GET',
    path: '/api/proxies/tags',
    summary: "The user's proxy tags with how many proxies carry each",
    input: emptyInput,
    output: z.array(tagWithCountSchema),
    flags: {},
  }),
  parse: defineOperation({
    id: 'proxies.parse',
    method: 'POST',
    path: '/api/proxies/parse',
    summary:
      'Read proxy lines without saving: each line is a proxy, an invalid line with its reason, or a repeat',
    input: proxyLinesInput,
    output: z.object({
      proxies: z.array(parsedProxyLineSchema),
      invalid: z.array(proxyLineIssueSchema),
      duplicates: z.array(proxyLineIssueSchema),
      /**
       * Lines among `proxies` that name a proxy the user has with another password; `add` with
       * `updatePasswords` replaces those passwords instead of adding second rows.
       */
      passwordChanges: z.array(proxyPasswordChangeSchema),
    }),
    flags: { noStore: true },
    maxBodyBytes: BODY_LIMITS.proxyLines,
  }),
  add: defineOperation({
    id: 'proxies.add',
    method: 'POST',
    path: '/api/proxies',
    summary: 'Add proxies from lines in one transaction; repeats and invalid lines are reported, not added',
    input: proxyLinesInput.extend({
      tag: tagInputSchema.nullable().optional(),
      /** Lines naming a stored proxy (protocol, address, login) with another password replace its password. */
      updatePasswords: z.boolean().default(false),
    }),
    output: proxyAddResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.proxyLines,
  }),
  get: defineOperation({
    id: 'proxies.get',
    method: 'GET',
    path: '/api/proxies/:id',
    summary: 'One proxy with its tags, Steam accounts and last check',
    input: idParam,
    output: proxyRowSchema,
    flags: {},
  }),
  remove: defineOperation({
    id: 'proxies.remove',
    method: 'DELETE',
    path: '/api/proxies/:id',
    summary:
      'Delete a proxy; one used by Steam accounts answers 9 unless detach=true frees those accounts first',
    input: idParam.extend({ detach: z.stringbool().default(false) }),
    output: z.object({ id: z.number().int(), detachedAccountIds: z.array(z.number().int()) }),
    flags: {},
  }),
  batchRemove: defineOperation({
    id: 'proxies.batchRemove',
    method: 'POST',
    path: '/api/proxies/batch/remove',
    summary: 'Delete many proxies; ones in use are reported with 9 and kept unless detach is set',
    input: z.object({ proxyIds: idsSchema, detach: z.boolean().default(false) }),
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  updateName: defineOperation({
    id: 'proxies.updateName',
    method: 'PUT',
    path: '/api/proxies/:id/name',
    summary: 'Rename a proxy (null or blank clears the name)',
    input: idParam.extend({ name: proxyNameSchema }),
    output: proxyRowSchema,
    flags: {},
  }),
  updateCredentials: defineOperation({
    id: 'proxies.updateCredentials',
    method: 'PUT',
    path: '/api/proxies/:id/credentials',
    summary: 'Replace the credentials of a proxy; null removes them (the password is stored encrypted)',
    input: idParam.extend({ credentials: proxyCredentialsUpdateSchema }),
    output: proxyRowSchema,
    flags: {},
  }),
  addOrCreateTag: defineOperation({
    id: 'proxies.addOrCreateTag',
    method: 'POST',
    path: '/api/proxies/:id/tags',
    summary: 'Put a tag on a proxy; id 0 creates the tag by name (or reuses the tag of that name)',
    input: idParam.extend({ tag: tagInputSchema }),
    output: z.array(proxyTagSchema),
    flags: {},
  }),
  removeTag: defineOperation({
    id: 'proxies.removeTag',
    method: 'DELETE',
    path: '/api/proxies/:id/tags/:tagId',
    summary: 'Take a tag off a proxy',
    input: tagParam,
    output: z.array(proxyTagSchema),
    flags: {},
  }),
  batchAddTag: defineOperation({
    id: 'proxies.batchAddTag',
    method: 'POST',
    path: '/api/proxies/batch/tags/add',
    summary: 'Put one tag on many proxies; id 0 creates it by name',
    input: z.object({ proxiesIds: idsSchema, tag: tagInputSchema }),
    output: batchResultSchema.extend({ tag: proxyTagSchema }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  batchRemoveTag: defineOperation({
    id: 'proxies.batchRemoveTag',
    method: 'POST',
    path: '/api/proxies/batch/tags/remove',
    summary: 'Take one tag off many proxies',
    input: z.object({ proxiesIds: idsSchema, tagId: idSchema }),
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  check: defineOperation({
    id: 'proxies.check',
    method: 'POST',
    path: '/api/proxies/check',
    summary:
      'Check proxies as a background batch: saved ones by ids or by filters, unsaved ones from the check map; results arrive on proxy-checker-hub',
    input: z
      .object({
        ids: z.array(idSchema).max(100_000).optional(),
        /** Every proxy matching these filters (an empty object means all of the user's proxies). */
        filters: proxyFiltersSchema.optional(),
        /** The spec's check map for lines not saved yet: keyed by a client-chosen id, answered with status 5. */
        proxies: proxyCheckRequestSchema.optional(),
      })
      .refine(
        (input) => input.ids !== undefined || input.filters !== undefined || input.proxies !== undefined,
        {
          message: 'Nothing to check',
          path: ['ids'],
        },
      ),
    output: proxyCheckStartedSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  export: defineOperation({
    id: 'proxies.export',
    method: 'POST',
    path: '/api/proxies/export',
    summary: 'Stream the selected proxies as text, one line each, in a format or a custom template',
    input: proxyFiltersSchema.extend({
      ids: z.array(idSchema).max(100_000).optional(),
      format: proxyExportFormatSchema,
      template: z.string().max(500).optional(),
      sort: sortSchema(PROXY_SORT_PROPERTIES),
    }),
    output: z.string(),
    flags: { noStore: true, stepUp: 'secrets' },
    maxBodyBytes: BODY_LIMITS.idBatch,
    responseBody: 'text-stream',
    stepUpWhen: exportShowsPasswords,
  }),
} as const;
