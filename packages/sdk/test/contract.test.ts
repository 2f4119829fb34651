import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRequest } from '../src/client/index.ts';
import {
  allResultCodes,
  contract,
  defineOperation,
  listOperations,
  resultCodeHttpStatus,
} from '../src/contract/index.ts';
import { errorDisplayMessages, languageFromTag, resultCodeMessages } from '../src/i18n/index.ts';

describe('the contract', () => {
  it('names every operation <area>.<operation> after the key it is declared under', () => {
    for (const [area, operations] of Object.entries(contract)) {
      for (const [name, op] of Object.entries(operations)) {
        expect(op.id).toBe(`${area}.${name}`);
        expect(op.path.startsWith('/api/')).toBe(true);
      }
    }
  });

  it('has unique ids and unique method + path pairs', () => {
    const ops = listOperations();
    expect(new Set(ops.map((op) => op.id)).size).toBe(ops.length);
    expect(new Set(ops.map((op) => `${op.method} ${op.path}`)).size).toBe(ops.length);
  });
});

describe('the result-code catalogue', () => {
  it('gives every code an HTTP status and a message in both languages', () => {
    expect(allResultCodes).toHaveLength(18);
    for (const code of allResultCodes) {
      expect(resultCodeHttpStatus[code]).toBeGreaterThanOrEqual(200);
      expect(resultCodeMessages.ru[code]).toMatch(/[а-яё]/i);
      expect(resultCodeMessages.en[code]).toMatch(/^[A-Z]/);
    }
  });

  it('maps the codes to the HTTP statuses of the API conventions', () => {
    expect(resultCodeHttpStatus).toMatchObject({
      0: 400,
      3: 404,
      9: 409,
      8: 422,
      11: 401,
      12: 503,
      101: 403,
      102: 401,
    });
  });

  it('has the same display keys in Russian and English', () => {
    expect(Object.keys(errorDisplayMessages.en).sort()).toEqual(Object.keys(errorDisplayMessages.ru).sort());
  });
});

describe('languageFromTag', () => {
  it.each([
    ['en-US', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['ru-RU', 'ru'],
    ['de-DE', 'ru'],
    [undefined, 'ru'],
  ])('%s -> %s', (tag, lang) => {
    expect(languageFromTag(tag)).toBe(lang);
  });
});

describe('buildRequest', () => {
  const get = defineOperation({
    id: 'proxies.get',
    method: 'GET',
    path: '/api/proxies/:id',
    summary: '',
    input: z.object({ id: z.number(), tags: z.array(z.number()).optional() }),
    output: z.object({}),
    flags: {},
  });
  const post = defineOperation({
    ...get,
    id: 'proxies.updateName',
    method: 'POST',
    path: '/api/proxies/:id/name',
  });

  it('puts path parameters in the path and the rest in the query string for GET', () => {
    const { url, body } = buildRequest(get, { id: 5, tags: [1, 2] }, 'http://h:1');
    expect(url).toBe('http://h:1/api/proxies/5?tags=1&tags=2');
    expect(body).toBeUndefined();
  });

  it('sends the rest as a JSON body for POST', () => {
    const { url, body } = buildRequest(post, { id: 'a/b', name: 'x' }, 'http://h:1/');
    expect(url).toBe('http://h:1/api/proxies/a%2Fb/name');
    expect(JSON.parse(body as string)).toEqual({ name: 'x' });
  });

  it('sends the files of a multipart operation as form data and the other fields in the query string', async () => {
    const upload = defineOperation({
      id: 'test.upload',
      method: 'POST',
      path: '/api/upload',
      summary: 'upload',
      input: z.object({ passkey: z.string() }),
      output: z.object({}),
      flags: {},
      requestBody: 'multipart',
    });
    const { url, body } = buildRequest(
      upload,
      {
        passkey: 'p w',
        files: [
          { name: 'a.maFile', data: new TextEncoder().encode('{"a":1}') },
          { name: 'b.zip', data: new Blob(['zip']) },
        ],
      },
      'http://h:1',
    );
    expect(url).toBe('http://h:1/api/upload?passkey=p+w');
    expect(body).toBeInstanceOf(FormData);
    const files = (body as FormData).getAll('files') as File[];
    expect(files.map((file) => file.name)).toEqual(['a.maFile', 'b.zip']);
    expect(await files[0]!.text()).toBe('{"a":1}');
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildRequest(get, {}, 'http://h:1')).toThrow(/"id"/);
  });
});
