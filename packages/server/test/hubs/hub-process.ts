/**
 * A server process for multi-process hub tests: the real startServer with a test authenticator and two test
 * routes (append an event through this process; list this process's hub connections).
 */
import { findHubEvent } from '@tradedeck/sdk/contract';
import { loadConfig } from '../../src/config/config.ts';
import { startServer } from '../../src/server.ts';
import { createTestAuth } from './test-auth.ts';
import { withOpenPayload } from './transport-events.ts';

const auth = createTestAuth(process.env.TEST_HUB_AUTH_KEY);
const server = await startServer(loadConfig(process.env), (app) => {
  app.hubs.setAuthenticator(auth.authenticate);
  app.post('/test/append', async (request) => {
    const { userId, hub, sourceId, eventName, payload } = request.body as Record<string, string>;
    const event = findHubEvent(hub!, eventName!);
    if (!event) throw new Error(`no ${eventName} on ${hub}`);
    return app.hubs.eventLog.append(userId!, withOpenPayload(event), sourceId!, payload);
  });
  app.get('/test/connections', async () =>
    [...app.hubs.server.connections].map((c) => ({ userId: c.userId, state: c.state })),
  );
});
process.stdout.write(`Tradedeck panel: ${server.url}\n`);
const shutdown = () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
