import { appendFileSync } from 'node:fs';
import { it, expect } from 'vitest';
import { createAuthTestApp, signUp, signUpAdmin } from './auth/helpers/auth-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';
const log = (s: string) => appendFileSync('/tmp/probe/out.txt', s + '\n');
it('probe', async () => {
  let t0 = Date.now();
  const d = await createTestDatabase();
  log(`db ${Date.now() - t0}`);
  t0 = Date.now(); await d.drop(); log(`drop ${Date.now() - t0}`);
  t0 = Date.now();
  const t = await createAuthTestApp();
  log(`app ${Date.now() - t0}`);
  t0 = Date.now(); const admin = await signUpAdmin(t); log(`admin ${Date.now() - t0}`);
  for (let i = 0; i < 4; i++) { t0 = Date.now(); await signUp(t, 'user' + i, admin); log(`signUp ${Date.now() - t0}`); }
  t0 = Date.now(); await t.close(); log(`close ${Date.now() - t0}`);
  t0 = Date.now();
  const t2 = await createAuthTestApp();
  log(`app2 ${Date.now() - t0}`);
  t0 = Date.now(); await t2.close(); log(`close2 ${Date.now() - t0}`);
  expect(1).toBe(1);
}, 120000);
