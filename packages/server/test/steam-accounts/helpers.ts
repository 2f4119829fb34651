import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { proxies, proxyTagLinks, proxyTags } from '../../src/db/schema.ts';
import { type SandboxAccount, SandboxWorld, sandboxMafileText } from '../../src/integrations/steam/index.ts';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';

export const world = new SandboxWorld();

/** The sdk's maFile corpus (packages/sdk/test/steam/fixtures). */
export const SDK_FIXTURES = fileURLToPath(new URL('../../../sdk/test/steam/fixtures/', import.meta.url));
export const FIXTURE_PASSKEY = 'fixture-passkey';

export interface FileUpload {
  name: string;
  data: Uint8Array;
}

/** The files of a corpus folder, named relative to it (as an unpacked archive names them). */
export function fixtureFiles(folder: string): FileUpload[] {
  const root = join(SDK_FIXTURES, folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { name: relative(root, path), data: new Uint8Array(readFileSync(path)) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** POSTs files to extractMafiles as a browser would (multipart, field `files`). */
export function uploadMafiles(
  t: AuthTestApp,
  token: string,
  files: FileUpload[],
  query: Record<string, string> = {},
  lang = 'en-US',
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.data]), file.name);
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'POST',
    url: `/api/steam-accounts/extract-mafiles${search ? `?${search}` : ''}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: form as unknown as string,
  });
}

export interface ProxyData {
  protocol: 'http' | 'https' | 'socks4' | 'socks5' | null;
  address: string;
  port: number;
  username: string | null;
  password: string | null;
}

export const proxyData = (n: number, auth = true): ProxyData => ({
  protocol: 'http',
  address: `10.20.0.${n}`,
  port: 3128,
  username: auth ? `user${n}` : null,
  password: auth ? `proxy-pass-${n}` : null,
});

/** An add row for a sandbox account, with its true password unless told otherwise. */
export function addItem(
  account: SandboxAccount,
  proxy: { proxyId?: number | null; proxyData?: ProxyData | null } = {},
  password = account.password,
) {
  return { login: account.login, password, mafile: sandboxMafileText(account), ...proxy };
}

export function addAccounts(
  t: AuthTestApp,
  user: TestUser,
  body: Record<string, unknown>,
  lang = 'en-US',
): Promise<LightMyRequestResponse> {
  return t.call('POST', '/api/steam-accounts', {
    token: user.accessToken,
    body,
    headers: { 'accept-language': lang },
  });
}

/** Stores proxies straight in the table (as the proxies module would), optionally under a proxy tag. */
export async function seedProxies(
  t: AuthTestApp,
  user: TestUser,
  count: number,
  options: { tagName?: string; first?: number; status?: number } = {},
): Promise<{ ids: number[]; tagId: number | null }> {
  const db = t.testDb.database.db;
  const first = options.first ?? 1;
  const rows = await db
    .insert(proxies)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: user.id,
        protocol: 0,
        host: `10.30.${Math.floor((first + i) / 250)}.${(first + i) % 250}`,
        port: 8080,
        identityHash: `seed-${user.id}-${first + i}`,
        status: options.status ?? 1,
      })),
    )
    .returning({ id: proxies.id });
  const ids = rows.map((row) => row.id);
  let tagId: number | null = null;
  if (options.tagName) {
    const [tag] = await db
      .insert(proxyTags)
      .values({ userId: user.id, name: options.tagName })
      .returning({ id: proxyTags.id });
    tagId = tag!.id;
    await db
      .insert(proxyTagLinks)
      .values(ids.map((proxyId) => ({ userId: user.id, proxyId, tagId: tagId! })));
  }
  return { ids, tagId };
}

export const dataOf = (res: LightMyRequestResponse) => res.json().data;
