import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import {
  type SandboxAccount,
  sandboxMafileText,
} from '../../packages/server/src/integrations/steam/index.ts';
import { OutboxRepo } from '../../packages/server/src/modules/mail/repo.ts';
import { type RunningServer, startServer } from '../../packages/server/src/server.ts';

const webRoot = fileURLToPath(new URL('../../packages/server/public', import.meta.url));
const PASSWORD = 'Quartz-Lantern-42';

let template: Blob | undefined;
/** The migrated database the global setup found or made (shell/global-setup.ts), read once per worker. */
function migratedTemplate(): Blob | undefined {
  const file = process.env.E2E_PGLITE_TEMPLATE;
  if (file) template ??= new Blob([readFileSync(file)]);
  return template;
}

export interface SandboxPanel {
  server: RunningServer;
  url: string;
  /** Calls the API as the suite's user (Russian), throwing on a failed envelope. */
  api<T>(path: string, body?: unknown, method?: string): Promise<T>;
  /** The workspace later API calls act in (the `X-Workspace` header); null is the personal one. */
  actIn(workspaceId: string | null): void;
  /** Passes the second factor for this session with the code the server mails (step-up operations open 15 min). */
  stepUp(): Promise<void>;
  /** The newest one-time code mailed to the suite's user. */
  latestCode(): Promise<string>;
  /** Signs in again: the API and the panel use a new device session, which has not passed a second factor. */
  newSession(): Promise<void>;
  /**
   * Moves the server's clock ahead (its codes, cool-downs and step-up windows): a spec passes a wait it is not about,
   * such as the minute between two mailed codes, instead of sitting it out. The browser keeps its own clock.
   */
  advance(ms: number): void;
  /** Opens a panel page signed in as the suite's user, in the given interface language. */
  openPanel(page: Page, path: string, language?: 'ru' | 'en'): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A sandbox-mode server of a suite's own (simulated Steam, real everything else) on an in-memory database, with
 * one user registered, confirmed from the outbox and signed in through the API. `env` adds settings of the server
 * (a slower simulated Steam, say); `ports` shares a sandbox world and market with the suite.
 */
export async function startSandboxPanel(
  email: string,
  userName: string,
  env: Record<string, string> = {},
  ports: Pick<NonNullable<Parameters<typeof startServer>[2]>, 'steam' | 'market'> = {},
): Promise<SandboxPanel> {
  let ahead = 0;
  const server = await startServer(
    {
      // A scheduled inventory read would land in the middle of a walk (docs/portfolio.md "Freshness").
      ...loadConfig({ TRADEDECK_MODE: 'sandbox', TRADEDECK_INVENTORY_SCHEDULE: 'off', ...env }),
      port: 0,
      dataDir: 'memory://',
      logLevel: 'warn',
      logFormat: 'json',
      webRoot,
    },
    undefined,
    { ...ports, now: () => Date.now() + ahead, template: migratedTemplate() },
  );
  let token: { accessToken: string; expiresAt: string } | null = null;
  let workspace: string | null = null;

  async function api<T>(
    path: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ): Promise<T> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'ru-RU',
        ...(token ? { authorization: `Bearer ${token.accessToken}` } : {}),
        ...(workspace ? { 'x-workspace': workspace } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { success: boolean; data: T; error: unknown };
    if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  }

  await api('/api/auth/register', { email, userName, password: PASSWORD });
  const [mail] = await new OutboxRepo(server.database.db).latest(1);
  const link = new URL(mail!.link!);
  await api('/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  let name = '';
  let value = '';
  async function signIn() {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    token = ((await res.json()) as { data: { accessToken: string; expiresAt: string } }).data;
    [name, value] = res.headers.getSetCookie()[0]!.split(';')[0]!.split('=') as [string, string];
  }
  await signIn();
  const latestCode = async () => {
    const mails = await new OutboxRepo(server.database.db).latest(20);
    const mail = mails.find((row) => row.recipient === email && /\d{6}/.test(row.subject));
    if (!mail) throw new Error(`no code mailed to ${email}`);
    return /(\d{6})/.exec(mail.subject)![1]!;
  };

  return {
    server,
    url: server.url,
    api,
    actIn(id) {
      workspace = id;
    },
    latestCode,
    async stepUp() {
      await api('/api/user/request-two-factor', { purpose: 'stepUp' });
      await api('/api/user/step-up', { twoFactor: { codes: { emailCode: await latestCode() } } });
    },
    newSession: signIn,
    advance(ms) {
      ahead += ms;
    },
    async openPanel(page, path, language = 'ru') {
      await page.context().addCookies([{ name, value, url: server.url }]);
      await page.goto(`${server.url}/`);
      await page.evaluate(
        ({ value, language }) => {
          localStorage.setItem('tradedeck.accessToken', value);
          localStorage.setItem('tradedeck.language', language);
        },
        { value: JSON.stringify(token), language },
      );
      await page.goto(`${server.url}${path}`);
    },
    stop: () => server.stop(),
  };
}

/**
 * Adds sandbox accounts through the API, account n behind the HTTP proxy `<network>.n:3128` (the sandbox answers
 * through any address); answers the added rows.
 */
export async function addSandboxAccounts(
  panel: SandboxPanel,
  accounts: readonly SandboxAccount[],
  network: string,
): Promise<{ id: number; login: string }[]> {
  const rows = Object.fromEntries(
    accounts.map((account, i) => [
      String(i),
      {
        login: account.login,
        password: account.password,
        mafile: sandboxMafileText(account),
        proxyData: {
          protocol: 'http',
          address: `${network}.${i + 1}`,
          port: 3128,
          username: null,
          password: null,
        },
      },
    ]),
  );
  const added = await panel.api<{ addedAccounts: { id: number; login: string }[] }>('/api/steam-accounts', {
    accounts: rows,
  });
  return added.addedAccounts;
}
