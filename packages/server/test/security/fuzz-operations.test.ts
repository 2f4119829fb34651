import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestApp,
  createAuthTestApp,
  freshIp,
  logIn,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

/** Slowest answer allowed to any bad input (the server must refuse it, not work on it). */
const MAX_ANSWER_MS = 2000;
/** Generated inputs per operation, per caller (anonymous and signed in). */
const RUNS_PER_OPERATION = 5;

interface ManifestOperation {
  id: string;
  method: string;
  /** With `:name` path parameters, as the contract writes them. */
  path: string;
  /** Body properties (JSON operations) or query parameters (GET, DELETE). */
  fields: string[];
  inQuery: boolean;
  params: string[];
}

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
const HUGE_TEXT = 'x'.repeat(300 * 1024);
const OVERSIZED_IDS = Array.from({ length: 70_000 }, (_, i) => i + 1);
const HUGE_IDS = [2 ** 31, 2 ** 32, 2 ** 53 - 1, Number.MAX_VALUE];

/** Values no field of the contract should accept as they are, or should accept without crashing. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'name\u0000',
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    -1,
    0,
    1.5,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    null,
    true,
    '',
    '   ',
    {},
    [],
    HUGE_TEXT,
    OVERSIZED_IDS,
    HUGE_IDS,
    ['\u0000'],
    { id: 2 ** 31, name: 'tag\u0000' },
    { page: 2 ** 53, pageSize: 100 },
    nested(20),
    nested(40),
    '../../etc/passwd',
    "' or 1=1 --",
    '%',
    '\\',
    '\uD800',
  ),
  fc.string({ maxLength: 40 }).map((text) => `${text}\u0000${text}`),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.array(fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const badPathSegment = fc.constantFrom(
  '2147483648',
  '9007199254740993',
  '1e400',
  '-1',
  '0',
  '1.5',
  'abc',
  '%00',
  '1%00',
  '%20',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  '1',
);

/** Whole bodies that are not an input object at all. */
const RAW_BODIES = [
  // The 9 MiB nested body that used to stall the event loop for seconds.
  `${'['.repeat(4_500_000)}${']'.repeat(4_500_000)}`,
  `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`,
  '{"a":',
  '[1,2,3]',
  '"text"',
  'null',
  `{"x":"${'\\u0000'.repeat(1000)}"}`,
];

function manifestOperations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const operations: ManifestOperation[] = [];
  for (const [openApiPath, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { name: string; in: string }[];
      const body = (
        op.requestBody as { content: Record<string, { schema: { properties?: object } }> } | undefined
      )?.content['application/json']?.schema;
      operations.push({
        id: op.operationId as string,
        method: method.toUpperCase(),
        path: openApiPath.replace(/\{([^}]+)\}/g, ':$1'),
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        inQuery: !body,
        fields: body
          ? Object.keys(body.properties ?? {})
          : parameters.filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return operations;
}

function queryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  // A query string travels in the request line, which servers cap at a few KiB.
  return encodeURIComponent(text.slice(0, 4000));
}

describe('every operation of the manifest answers bad input without a crash, quickly', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let operations: ManifestOperation[];
  const failures: string[] = [];
  let slowest = { ms: 0, what: '' };

  beforeAll(async () => {
    t = await createAuthTestApp();
    user = await signedInUser(t, 'fuzz');
    // Something to find: ids near 1 name the user's own proxy and tag, so bad input meets real rows too.
    const added = await t.call('POST', '/api/proxies', {
      token: user.accessToken,
      body: { proxies: '203.0.113.1:8080\nsocks5://u:p@203.0.113.2:1080', tag: { id: 0, name: 'fuzz' } },
    });
    expect(added.statusCode).toBe(200);
    const manifest = await t.call('GET', '/api/manifest');
    operations = manifestOperations(manifest.json());
  }, 120_000);
  afterAll(() => t.close());

  async function send(
    op: ManifestOperation,
    signedIn: boolean,
    path: string,
    payload: { query?: string; body?: string },
  ): Promise<LightMyRequestResponse> {
    const url = `${path}${payload.query ? `?${payload.query}` : ''}`;
    const call = () =>
      t.call(op.method, url, {
        ip: freshIp(),
        ...(signedIn ? { token: user.accessToken } : {}),
        ...(payload.body !== undefined
          ? { body: payload.body, headers: { 'content-type': 'application/json' } }
          : {}),
      });
    const started = performance.now();
    let res = await call();
    const ms = performance.now() - started;
    if (ms > slowest.ms) slowest = { ms, what: `${op.id} ${signedIn ? 'signed in' : 'anonymous'}` };
    const what = `${op.id} (${signedIn ? 'signed in' : 'anonymous'}) ${url.slice(0, 120)} ${payload.body?.slice(0, 200) ?? ''}`;
    if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 300)}`);
    if (ms > MAX_ANSWER_MS) failures.push(`${Math.round(ms)} ms ${what}`);
    if (signedIn && res.statusCode === 401) {
      // An input that was valid after all (logout, revoke-all): sign in again so later calls stay signed in.
      user = { ...user, ...(await logIn(t, user.email, user.password)) };
      res = await call();
    }
    return res;
  }

  it('covers the whole manifest', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  for (const signedIn of [false, true]) {
    it(`sends generated bad input to every operation ${signedIn ? 'signed in' : 'anonymously'}`, async () => {
      const covered = new Set<string>();
      for (const op of operations) {
        const input = fc.record({
          params: fc.tuple(...op.params.map(() => badPathSegment)),
          fields: fc.dictionary(fc.constantFrom(...(op.fields.length ? op.fields : ['extra'])), badValue, {
            minKeys: 1,
          }),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ params, fields }) => {
            let path = op.path;
            op.params.forEach((name, i) => {
              path = path.replace(`:${name}`, params[i]!);
            });
            const payload = op.inQuery
              ? {
                  query: Object.entries(fields)
                    .map(([name, value]) => `${encodeURIComponent(name)}=${queryValue(value)}`)
                    .join('&'),
                }
              : { body: JSON.stringify(fields) };
            await send(op, signedIn, path, payload);
          }),
          { numRuns: RUNS_PER_OPERATION, seed: 22, endOnFailure: true },
        );
        if (!op.inQuery) {
          const path = op.path.replace(/:[A-Za-z]+/g, '1');
          for (const body of RAW_BODIES) await send(op, signedIn, path, { body });
        }
        covered.add(op.id);
      }
      expect([...covered].sort()).toEqual(operations.map((op) => op.id).sort());
      expect(failures, `slowest answer: ${Math.round(slowest.ms)} ms (${slowest.what})`).toEqual([]);
    }, 240_000);
  }
});
