import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { steamAccounts } from '../../src/db/schema.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

export interface ProxiesTest {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
}

/** The real app on a fresh database with two signed-in users. */
export async function createProxiesTest(): Promise<ProxiesTest> {
  const t = await createAuthTestApp();
  const admin = await signedInUser(t, 'proxy-admin');
  const a = await signedInUser(t, 'proxy-a', admin);
  const b = await signedInUser(t, 'proxy-b', admin);
  return { t, a, b };
}

export type Lang = 'en' | 'ru';

/** Calls the API as a user, in a language, and returns the answer. */
export function callAs(
  t: AuthTestApp,
  user: TestUser,
  method: string,
  url: string,
  body?: unknown,
  lang: Lang = 'en',
): Promise<LightMyRequestResponse> {
  return t.call(method, url, {
    token: user.accessToken,
    headers: { 'accept-language': lang },
    ...(body !== undefined ? { body } : {}),
  });
}

/** The `data` of a successful envelope (fails the test with the answer otherwise). */
// biome-ignore lint/suspicious/noExplicitAny: tests read answer fields freely and assert their values
export function dataOf<T = any>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.success, response.body).toBe(true);
  return body.data as T;
}

export function resultCodeOf(response: LightMyRequestResponse): number {
  return response.json().error?.resultCode;
}

export async function addLines(
  t: AuthTestApp,
  user: TestUser,
  lines: string | string[],
  extra: Record<string, unknown> = {},
) {
  const text = Array.isArray(lines) ? lines.join('\n') : lines;
  return dataOf<{
    addedIds: number[];
    duplicates: { line: number; text: string; code: string; message: string }[];
    invalid: { line: number; text: string; code: string; message: string }[];
  }>(await callAs(t, user, 'POST', '/api/proxies', { proxies: text, ...extra }));
}

/** A Steam account row written straight to the database, using `proxyId` (the accounts module is elsewhere). */
export async function insertSteamAccount(
  t: AuthTestApp,
  userId: string,
  login: string,
  proxyId: number | null,
): Promise<number> {
  const [row] = await t.testDb.database.db
    .insert(steamAccounts)
    .values({ userId, login, proxyId, passwordEnc: 'test-envelope', mafileEnc: 'test-envelope' })
    .returning({ id: steamAccounts.id });
  return row!.id;
}

export async function accountProxyId(t: AuthTestApp, accountId: number): Promise<number | null> {
  const rows = await t.testDb.database.db.execute<{ proxy_id: number | null }>(
    sql`select proxy_id from steam_accounts where id = ${accountId}`,
  );
  return (rows as unknown as { rows: { proxy_id: number | null }[] }).rows[0]!.proxy_id;
}
