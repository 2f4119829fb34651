import type { ProxyRow } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { buildAddPreview } from '../src/features/proxies/add-preview.ts';
import { applyStatusEvents } from '../src/features/proxies/cache-updates.ts';
import { planEdit } from '../src/features/proxies/edit-rules.ts';
import { toProxyFilters } from '../src/features/proxies/proxy-filters.ts';
import { type StatusEvent, savedProxyResult } from '../src/features/proxies/running-checks.ts';
import { tagOptions, tagToAdd } from '../src/shared/tags/tag-rules.ts';
import { proxyResult } from './helpers/proxy-results.ts';

describe('proxy edit rules', () => {
  const stored = { name: 'Main', username: 'bob', hasPassword: true };

  it('enables Save only when the name or the credentials changed', () => {
    expect(planEdit(stored, { name: 'Main', username: 'bob', password: '' }).canSave).toBe(false);
    expect(planEdit(stored, { name: ' Main ', username: 'bob', password: '' }).canSave).toBe(false);
    const renamed = planEdit(stored, { name: 'Backup', username: 'bob', password: '' });
    expect(renamed).toMatchObject({
      canSave: true,
      name: { changed: true, value: 'Backup' },
      credentials: { kind: 'none' },
    });
    const newPassword = planEdit(stored, { name: 'Main', username: 'bob', password: 's3cret' });
    expect(newPassword).toMatchObject({
      canSave: true,
      name: { changed: false },
      credentials: { kind: 'set', credentials: { username: 'bob', password: 's3cret' } },
    });
  });

  it('sends credentials as null when both login and password are empty', () => {
    const cleared = planEdit(stored, { name: 'Main', username: '', password: '' });
    expect(cleared).toMatchObject({ canSave: true, credentials: { kind: 'set', credentials: null } });
    const none = { name: null, username: null, hasPassword: false };
    expect(planEdit(none, { name: '', username: '', password: '' }).canSave).toBe(false);
  });

  it('clears a name to null and refuses a password without a login or a new login without its password', () => {
    expect(planEdit(stored, { name: '  ', username: 'bob', password: '' }).name).toEqual({
      changed: true,
      value: null,
    });
    expect(planEdit(stored, { name: 'Main', username: '', password: 'x' })).toMatchObject({
      canSave: false,
      credentials: { kind: 'invalid', reason: 'passwordWithoutLogin' },
    });
    expect(planEdit(stored, { name: 'Main', username: 'alice', password: '' })).toMatchObject({
      canSave: false,
      credentials: { kind: 'invalid', reason: 'passwordAgain' },
    });
    const loginOnly = { name: null, username: 'uid', hasPassword: false };
    expect(planEdit(loginOnly, { name: '', username: 'uid2', password: '' }).credentials).toEqual({
      kind: 'set',
      credentials: { username: 'uid2', password: '' },
    });
  });
});

describe('tag rules', () => {
  const all = [
    { id: 1, name: 'RU' },
    { id: 2, name: 'Rotating' },
    { id: 3, name: 'EU' },
  ];

  it('offers "add new" only for non-blank typed text that names no tag', () => {
    expect(tagOptions(all, [], '').newName).toBeNull();
    expect(tagOptions(all, [], '   ').newName).toBeNull();
    expect(tagOptions(all, [], ' fresh ').newName).toBe('fresh');
    expect(tagOptions(all, [], 'ru').newName).toBeNull();
  });

  it('lists existing tags without those the item has, filtered by the typed text', () => {
    expect(tagOptions(all, [{ id: 1 }], '').existing.map((t) => t.id)).toEqual([2, 3]);
    expect(tagOptions(all, [], 'ro').existing.map((t) => t.id)).toEqual([2]);
  });

  it('needs a choice or a new name', () => {
    const blank = tagOptions(all, [], '');
    expect(tagToAdd(null, '', blank)).toBeNull();
    expect(tagToAdd({ id: 3, name: 'EU' }, '', blank)).toEqual({ id: 3, name: 'EU' });
    expect(tagToAdd(null, 'new one', tagOptions(all, [], 'new one'))).toEqual({ id: 0, name: 'new one' });
    expect(tagToAdd(null, 'eu', tagOptions(all, [], 'eu'))).toEqual({ id: 3, name: 'EU' });
  });
});

describe('add preview', () => {
  const text = [
    '1.2.3.4:8080',
    '',
    '# comment',
    'garbage',
    '1.2.3.4:8080',
    '5.6.7.8:70000',
    'u:p@9.9.9.9:1080',
  ].join('\n');

  it('counts the proxies and lists invalid lines with their reasons and the repeats', () => {
    const preview = buildAddPreview(text, 0, 'ru');
    expect(preview.ready).toBe(2);
    expect(preview.invalid.map((issue) => issue.line)).toEqual([4, 6]);
    expect(preview.invalid[1]).toMatchObject({
      text: '5.6.7.8:70000',
      message: 'Порт должен быть числом от 1 до 65535',
    });
    expect(preview.duplicates).toEqual([{ line: 5, text: '1.2.3.4:8080', firstLine: 1 }]);
    expect(buildAddPreview(text, 0, 'en').invalid[1]!.message).toBe('Port must be a number from 1 to 65535');
    expect(buildAddPreview('\n# only a comment\n', 0, 'ru').empty).toBe(true);
  });
});

describe('filters from the URL', () => {
  it('turns URL strings into query filters and drops what is malformed', () => {
    expect(
      toProxyFilters({ tags: '1,2,x,2', except: '5', country: 'de', status: '3,9', q: '  gate ' }),
    ).toEqual({
      withTagIds: [1, 2],
      exceptTagIds: [5],
      country: 'DE',
      withStatus: [3],
      searchString: 'gate',
    });
    expect(toProxyFilters({ country: 'Germany' })).toEqual({
      withTagIds: [],
      exceptTagIds: [],
      withStatus: [],
    });
    expect(toProxyFilters({ country: '--' }).country).toBe('--');
  });
});

const event = (id: number, valid: boolean): StatusEvent => proxyResult(id, valid);

describe('check results', () => {
  it('takes results of saved proxies and leaves check-map lines to the check command', () => {
    expect(savedProxyResult({ ...event(4, false), id: 'line-1' })).toBeNull();
    expect(savedProxyResult(event(4, false))).toMatchObject({ id: 4, valid: false, status: 3 });
  });
});

describe('cache updates', () => {
  const row = (id: number): ProxyRow => ({
    id,
    proxyName: null,
    identity: { protocol: 0, address: '1.2.3.4', port: 80 + id },
    credentials: null,
    metadata: { countryCode: 'NL' },
    steamAccounts: [],
    tags: [],
    status: 0,
    lastCheck: null,
    createdAt: '2026-11-22T05:00:00.000Z',
  });

  it('writes status, latency and country into the rows that got a result and keeps other pages as they are', () => {
    const page = { items: [row(1), row(2)], total: 2, page: 1, pageSize: 50 };
    const updated = applyStatusEvents(page, new Map([[2, event(2, true)]]))!;
    expect(updated.items[0]).toBe(page.items[0]);
    expect(updated.items[1]).toMatchObject({
      status: 1,
      metadata: { countryCode: 'DE' },
      lastCheck: { latencyMs: 42 },
    });
    expect(applyStatusEvents(page, new Map([[9, event(9, true)]]))).toBe(page);
    const failed = applyStatusEvents(page, new Map([[1, event(1, false)]]))!;
    expect(failed.items[0]).toMatchObject({
      status: 3,
      metadata: { countryCode: 'NL' },
      lastCheck: { errorClass: 'refused' },
    });
  });
});
