import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrowserStorageTokenStore, MemoryTokenStore } from '../src/client/index.ts';
import { FileTokenStore } from '../src/client/node.ts';

const token = { accessToken: 'abc', expiresAt: '2030-01-01T00:00:00.000Z' };

class MapStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe('token stores', () => {
  it('memory: keeps and clears', () => {
    const store = new MemoryTokenStore();
    store.set(token);
    expect(store.get()).toEqual(token);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('browser storage: survives a new store over the same storage, ignores corrupt entries', () => {
    const storage = new MapStorage();
    new BrowserStorageTokenStore(storage).set(token);
    expect(new BrowserStorageTokenStore(storage).get()).toEqual(token);
    storage.setItem('tradedeck.accessToken', '{nope');
    expect(new BrowserStorageTokenStore(storage).get()).toBeNull();
  });

  it('file: readable by its owner only', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'td-token-')), 'nested', 'token.json');
    const store = new FileTokenStore(path);
    store.set(token);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(token);
    expect(new FileTokenStore(path).get()).toEqual(token);
    store.clear();
    expect(store.get()).toBeNull();
  });
});
