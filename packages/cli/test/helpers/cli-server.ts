import { createApiClient } from '@tradedeck/sdk/client';
import { loadConfig, type ServerConfig } from '@tradedeck/server/config';
import { type RunningServer, startServer } from '@tradedeck/server/server';

export const TEST_PASSWORD = 'Quartz-Lantern-42';

/** A real server on a loopback port with an in-memory database. */
export function startCliServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  return startServer({ ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'silent', ...overrides });
}

/**
 * Registers and confirms a user (the first one of a server is its admin, approved at once) and signs in.
 * Returns the environment that points the CLI at the server with that session.
 */
export async function signedInUser(
  server: RunningServer,
  email: string,
): Promise<{ env: Record<string, string>; accessToken: string }> {
  const client = createApiClient({ baseUrl: server.url, language: () => 'en' });
  await client.auth.register({ email, userName: email.split('@')[0]!, password: TEST_PASSWORD });
  const rows = (await server.database.db.execute(
    `select link from mail_outbox where recipient = '${email}' and link is not null order by created_at desc limit 1`,
  )) as unknown as { rows: Array<{ link: string }> };
  const link = new URL(rows.rows[0]!.link);
  await client.auth.confirmEmail({
    userId: link.searchParams.get('userId')!,
    code: link.searchParams.get('code')!,
  });
  const session = await client.auth.login({ email, password: TEST_PASSWORD });
  return {
    accessToken: session.accessToken,
    env: { TRADEDECK_TOKEN: session.accessToken, TRADEDECK_SERVER: server.url },
  };
}
