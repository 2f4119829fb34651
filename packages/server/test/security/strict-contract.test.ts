import { type Operation, pathParams, ResultCode } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundOperations } from '../../src/http/bind-operation.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  freshIp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInAdmin } from '../helpers/signed-in.ts';

/**
 * The strict contract: a field an operation does not name is refused with a validation error (10) that names it,
 * in the caller's language, on every operation of the manifest and at every depth of its input. Before, most
 * operations dropped such a field silently (`userId` on `transfer.send`).
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

interface ManifestEntry {
  operationId: string;
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

const PROBE = 'strictProbe';
const UNKNOWN_FIELD = { en: 'Unknown field', ru: 'Неизвестное поле' } as const;
const NO_SUCH_UUID = '00000000-0000-4000-8000-000000000000';

let t: AuthTestApp;
let admin: TestUser;
let operations: Operation[];
let manifest: Map<string, ManifestEntry>;

beforeAll(async () => {
  t = await createAuthTestApp();
  // An administrator with the authenticator app passes the gate of every operation, admin ones included.
  admin = await signedInAdmin(t);
  operations = t.app[boundOperations];
  const doc = (await t.call('GET', '/api/manifest')).json() as {
    paths: Record<string, Record<string, ManifestEntry>>;
  };
  manifest = new Map(
    Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .map((entry) => [entry.operationId, entry]),
  );
}, 120_000);
afterAll(() => t?.close());

function urlOf(op: Operation): string {
  let url: string = op.path;
  for (const name of pathParams(op.path)) {
    url = url.replace(`:${name}`, name === 'userId' || name === 'sessionId' ? NO_SUCH_UUID : '1');
  }
  return url;
}

function inQuery(op: Operation): boolean {
  return op.method === 'GET' || op.method === 'DELETE' || op.requestBody === 'multipart';
}

function call(op: Operation, body: object, lang: 'en' | 'ru'): Promise<LightMyRequestResponse> {
  const query = inQuery(op)
    ? `?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  return t.call(op.method, `${urlOf(op)}${query}`, {
    token: admin.accessToken,
    ip: freshIp(),
    headers: { 'accept-language': lang },
    ...(inQuery(op) ? {} : { body }),
  });
}

function expectRefused(op: Operation, response: LightMyRequestResponse, field: string, lang: 'en' | 'ru') {
  const where = `${op.id} (${lang}): ${response.statusCode} ${response.body.slice(0, 400)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const error = errorOf(response);
  expect(error.resultCode, where).toBe(ResultCode.ValidationError);
  const fields = (error.errorDetails?.fields ?? {}) as Record<string, string[]>;
  expect(fields[field], where).toEqual([UNKNOWN_FIELD[lang]]);
  expect(error.message, where).toContain(field);
}

/** A body that holds only the probe, placed in the first nested object of the input, and the probe's path. */
function nestedProbe(schema: JsonSchema): { body: object; field: string } | null {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const inner = nestedValue(property);
    if (inner) return { body: { [name]: inner.value }, field: [name, ...inner.path].join('.') };
  }
  return null;
}

function nestedValue(schema: JsonSchema): { value: unknown; path: string[] } | null {
  const options = (schema.anyOf ?? schema.oneOf)?.filter((option) => option.type !== 'null');
  if (options) {
    // Under a union the probe is unknown only when every option is an object without it.
    if (options.length === 0 || !options.every((option) => option.type === 'object')) return null;
    return { value: { [PROBE]: 1 }, path: [PROBE] };
  }
  if (schema.type === 'object' && schema.properties) {
    const deeper = nestedProbe(schema);
    return deeper
      ? { value: deeper.body, path: deeper.field.split('.') }
      : { value: { [PROBE]: 1 }, path: [PROBE] };
  }
  if (schema.type === 'array' && schema.items) {
    const item = nestedValue(schema.items);
    return item ? { value: [item.value], path: ['0', ...item.path] } : null;
  }
  return null;
}

/** Paths of objects in a JSON schema that accept keys they do not name. */
function openObjects(schema: JsonSchema, at: string): string[] {
  const open: string[] = [];
  if (schema.type === 'object' && schema.additionalProperties === undefined) open.push(at || '(input)');
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    open.push(...openObjects(property, at ? `${at}.${name}` : name));
  if (typeof schema.additionalProperties === 'object')
    open.push(...openObjects(schema.additionalProperties, `${at}.*`));
  if (schema.items) open.push(...openObjects(schema.items, `${at}[]`));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    open.push(...openObjects(option, at));
  return open;
}

describe('the strict contract', () => {
  it('the manifest lists every operation the server binds', () => {
    expect([...manifest.keys()].sort()).toEqual(operations.map((op) => op.id).sort());
    expect(operations.length).toBeGreaterThan(100);
  });

  it('an extra field on every operation of the manifest answers 10 naming the field, in the caller’s language', async () => {
    for (const op of operations) {
      for (const lang of ['en', 'ru'] as const)
        expectRefused(op, await call(op, { [PROBE]: 1 }, lang), PROBE, lang);
    }
  });

  it('`userId` on transfer.send is refused, not dropped', async () => {
    const send = operations.find((op) => op.id === 'transfer.send')!;
    const response = await call(send, { userId: NO_SUCH_UUID }, 'en');
    expectRefused(send, response, 'userId', 'en');
  });

  it('every object in every input of the manifest is closed to keys it does not name', () => {
    const open: string[] = [];
    for (const [id, entry] of manifest) {
      const body = entry.requestBody?.content['application/json']?.schema;
      if (body) open.push(...openObjects(body, '').map((path) => `${id}: ${path}`));
      for (const parameter of entry.parameters ?? [])
        open.push(...openObjects(parameter.schema, parameter.name).map((path) => `${id}: ${path}`));
    }
    expect(open).toEqual([]);
  });

  it('an extra field inside a nested object answers 10 naming its full path', async () => {
    let probed = 0;
    for (const op of operations) {
      const body = manifest.get(op.id)?.requestBody?.content['application/json']?.schema;
      const probe = !inQuery(op) && body ? nestedProbe(body) : null;
      if (!probe) continue;
      expectRefused(op, await call(op, probe.body, 'en'), probe.field, 'en');
      probed++;
    }
    // Lists (pages, sort), filters, tags and rule sets: a good share of the contract nests objects.
    expect(probed).toBeGreaterThan(20);
  });
});
