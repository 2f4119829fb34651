import { describe, expect, it } from 'vitest';
import { targetsText, toAuditFilters } from '../src/features/workspaces/audit-filters.ts';
import { parseScopeTags } from '../src/features/workspaces/member-form-dialog.tsx';
import { ActiveWorkspace, WORKSPACE_STORAGE_KEY } from '../src/shared/workspace/active-workspace.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('the active workspace', () => {
  it('starts in the one remembered by this browser, else in the personal one', () => {
    expect(new ActiveWorkspace(memoryStorage()).id).toBeNull();
    expect(new ActiveWorkspace(memoryStorage({ [WORKSPACE_STORAGE_KEY]: 'w-1' })).id).toBe('w-1');
    expect(new ActiveWorkspace(null).id).toBeNull();
  });

  it('remembers a switch, forgets it on the way back to the personal one, and tells its listeners once', () => {
    const storage = memoryStorage();
    const active = new ActiveWorkspace(storage);
    let heard = 0;
    const off = active.subscribe(() => heard++);
    active.set('w-2');
    active.set('w-2');
    expect(storage.data.get(WORKSPACE_STORAGE_KEY)).toBe('w-2');
    active.set(null);
    expect(storage.data.has(WORKSPACE_STORAGE_KEY)).toBe(false);
    expect(heard).toBe(2);
    off();
    active.set('w-3');
    expect(heard).toBe(2);
  });
});

describe('the audit filters', () => {
  it('turns URL parameters into the operation filters, whole UTC days with `to` included', () => {
    expect(
      toAuditFilters({
        actor: '0b7e2f4c-1d2a-4c3b-9a8d-5e6f7a8b9c0d',
        op: ' proxies. ',
        from: '2026-11-01',
        to: '2026-11-02',
      }),
    ).toEqual({
      actorId: '0b7e2f4c-1d2a-4c3b-9a8d-5e6f7a8b9c0d',
      operation: 'proxies.',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-03T00:00:00.000Z',
    });
  });

  it('leaves out a malformed member, an empty operation and a reversed period', () => {
    expect(toAuditFilters({ actor: 'me', op: '  ', from: '2026-11-05', to: '2026-11-01' })).toEqual({});
  });

  it('writes the ids an entry names on one line', () => {
    expect(targetsText({ proxyId: 12, ids: [3, 4], count: 2 })).toBe('proxyId 12 · ids 3, 4 · count 2');
    expect(targetsText({})).toBe('');
  });
});

describe('scope tags typed in the member form', () => {
  it('splits on commas, trims, drops empties and repeats without case; none means no limit', () => {
    expect(parseScopeTags(' farm-a, Farm-A ,, eu ')).toEqual(['farm-a', 'eu']);
    expect(parseScopeTags(' , ')).toBeNull();
  });
});
