import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { ConnectionTokens } from '../../src/hubs/connection-token.ts';
import { HubEventRepo } from '../../src/hubs/event-log/repo.ts';
import { registerHubs } from '../../src/hubs/register.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const grant = { connectionId: 'abc', hub: 'proxy-checker-hub', userId: '42', expiresAt: Date.now() + 10_000 };

describe('connection tokens', () => {
  it('verify what they signed, until expiry, under the same key only', () => {
    const tokens = new ConnectionTokens('k'.repeat(32));
    const token = tokens.issue(grant);
    expect(tokens.verify(token)).toEqual(grant);
    expect(tokens.verify(token, grant.expiresAt + 1)).toBeNull();
    expect(new ConnectionTokens('x'.repeat(32)).verify(token)).toBeNull();
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['abc', 'proxy-checker-hub', '43', grant.expiresAt])).toString(
      'base64url',
    );
    expect(tokens.verify(`${forged}.${signature}`)).toBeNull();
    expect(tokens.verify(`${body}.${signature}x`)).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
  });

  it('share one stored key between processes on one database, unless TRADEDECK_HUB_SECRET is set', async () => {
    const testDb = await createTestDatabase();
    const config = { ...loadConfig({}), databaseUrl: testDb.url, logLevel: 'silent' };
    const app = Fastify();
    try {
      const repo = new HubEventRepo(testDb.database.db);
      expect(await repo.sharedKey('key', 'first-candidate')).toBe('first-candidate');
      expect(await repo.sharedKey('key', 'second-candidate')).toBe('first-candidate');
      await expect(
        registerHubs(app, { config, database: testDb.database, env: { TRADEDECK_HUB_SECRET: 'short' } }),
      ).rejects.toThrow('TRADEDECK_HUB_SECRET must be at least 32 characters');
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
