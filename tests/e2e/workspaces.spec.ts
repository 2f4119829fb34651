import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { UsersRepo } from '../../packages/server/src/modules/auth/users-repo.ts';
import { OutboxRepo } from '../../packages/server/src/modules/mail/repo.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// A team workspace in the panel, against a sandbox server of this suite's own: the owner makes a team and invites
// a second user from the members page, the second user accepts from the mailed link and sees the team read-only,
// its action buttons disabled with the reason, the owner changes the member's role and reads the invitation, the
// acceptance and the change in the audit log. Then an operator limited to one tag sees only that tag's accounts
// and proxies, and acts on them.
const PASSWORD = 'Quartz-Lantern-42';
const VIEWER_REASON = 'A viewer cannot take actions';
const world = new SandboxWorld();
let panel: SandboxPanel;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  panel = await startSandboxPanel('owner@example.test', 'owner');
});

test.afterAll(async () => {
  await panel?.stop();
});

/** A second user, registered, confirmed from the outbox, approved and signed in through the API. */
async function secondUser(email: string, userName: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${panel.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', { email, userName, password: PASSWORD });
  const link = new URL((await mailTo(email)).link!);
  await post('/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  // Approved as an administrator would: the walk is about workspaces, not the approval screen.
  const users = new UsersRepo(panel.server.database.db);
  await users.update((await users.findByEmail(email))!.id, { approvedAt: new Date() });
  const res = await post('/api/auth/login', { email, password: PASSWORD });
  const token = ((await res.json()) as { data: unknown }).data;
  const [name, value] = res.headers.getSetCookie()[0]!.split(';')[0]!.split('=') as [string, string];
  return { token, name, value };
}

async function mailTo(email: string) {
  const mails = await new OutboxRepo(panel.server.database.db).latest(20);
  const mail = mails.find((row) => row.recipient === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** A page of the panel signed in as `user`, in English, in a context of its own. */
async function openAs(browser: Browser, user: Awaited<ReturnType<typeof secondUser>>, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await context.addCookies([{ name: user.name, value: user.value, url: panel.url }]);
  await page.goto(`${panel.url}/`);
  await page.evaluate((token) => {
    localStorage.setItem('tradedeck.accessToken', token);
    localStorage.setItem('tradedeck.language', 'en');
  }, JSON.stringify(user.token));
  await page.goto(`${panel.url}${path}`);
  return page;
}

/**
 * Sandbox accounts added by the owner in a team workspace through the API, each behind a proxy of its own, the
 * account and its proxy tagged as given (null: untagged).
 */
async function tagged(
  workspaceName: string,
  network: string,
  tags: readonly (string | null)[],
  first: number,
) {
  const mine = await panel.api<{ items: { id: string; name: string }[] }>('/api/workspaces');
  panel.actIn(mine.items.find((w) => w.name === workspaceName)!.id);
  const added = await addSandboxAccounts(panel, world.healthyAccounts(tags.length, first), network);
  const proxies = await panel.api<{ items: { id: number; identity: { address: string } }[] }>(
    '/api/proxies/query',
    {},
  );
  const rows = added.map((row, i) => {
    const address = `${network}.${i + 1}`;
    const proxy = proxies.items.find((p) => p.identity.address === address)!;
    return { id: row.id, login: row.login, address, proxyId: proxy.id };
  });
  for (const [i, tag] of tags.entries()) {
    if (!tag) continue;
    const tagInput = { id: 0, name: tag };
    await panel.api('/api/steam-accounts/batch/tags/add', { accountIds: [rows[i]!.id], tag: tagInput });
    await panel.api('/api/proxies/batch/tags/add', { proxiesIds: [rows[i]!.proxyId], tag: tagInput });
  }
  panel.actIn(null);
  return rows;
}

/** Every button of each name, on the page or in `within`, is there, disabled, and says why. */
async function expectDisabled(within: Page | Locator, names: readonly string[]) {
  for (const name of names) {
    const buttons = within.getByRole('button', { name, exact: true });
    await expect(buttons.first()).toBeVisible();
    for (const button of await buttons.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', VIEWER_REASON);
    }
  }
}

/** The owner invites from the members page open on `page`; the invitation is then listed with its role. */
async function inviteFromMembersPage(page: Page, email: string, role: 'operator' | 'viewer', tags: string) {
  await page.getByRole('button', { name: 'Invite' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to the workspace' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role', { exact: true }).selectOption(role);
  await invite.getByLabel('Access tags').fill(tags);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator(`[data-invite="${email}"]`)).toContainText(
    role === 'viewer' ? 'Viewer' : 'Operator',
  );
}

async function switcher(page: Page) {
  await page.getByRole('button', { name: 'Workspace', exact: true }).click();
  return page.getByRole('menu', { name: 'Workspace' });
}

test('owner makes a team and invites; the invitee accepts from the mail and reads; the audit shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const viewer = await secondUser('viewer@example.test', 'viewer');

  // The owner makes a team workspace from the switcher; the panel switches to it.
  await panel.openPanel(page, '/panel/dashboard', 'en');
  await expect(page.getByTestId('workspace-active')).toHaveText('Personal', { timeout: 60_000 });
  await (await switcher(page)).getByRole('menuitem', { name: 'New team workspace' }).click();
  const create = page.getByRole('dialog', { name: 'New team workspace' });
  await create.getByLabel('Name').fill('Farm');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Members of "Farm"' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('workspace-active')).toHaveText('Farm');
  await expect(page.locator('[data-member="owner@example.test"]')).toContainText('Owner');

  // Invitation by e-mail, as a viewer limited to one tag.
  await inviteFromMembersPage(page, 'viewer@example.test', 'viewer', 'eu');
  const [shown] = await tagged('Farm', '10.61.0', ['eu'], 4510);

  // The invitee opens the mailed link signed in: accepted, switched to the team, read-only.
  const link = new URL((await mailTo('viewer@example.test')).link!);
  expect(link.pathname).toBe('/workspace/accept');
  const viewerPage = await openAs(browser, viewer, `${link.pathname}${link.search}`);
  await expect(viewerPage.getByRole('heading', { name: 'Members of "Farm"' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(viewerPage.getByTestId('workspace-active')).toHaveText('Farm');
  await expect(viewerPage.getByTestId('viewer-notice')).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Invite' })).toBeDisabled();
  await expect(viewerPage.locator('[data-member="viewer@example.test"]')).toContainText('eu');
  // Every action of the accounts and proxies screens is disabled, with the reason; reading and selecting are not.
  await viewerPage.goto(`${panel.url}/panel/steam-accounts`);
  const accounts = viewerPage.getByRole('grid');
  await accounts.locator('tbody tr', { hasText: shown!.login }).getByRole('checkbox').click();
  await expectDisabled(viewerPage, ['Add accounts', 'Assign proxies', 'Tags', 'Remove']);
  await viewerPage.goto(`${panel.url}/panel/proxy`);
  const proxies = viewerPage.getByRole('grid');
  const proxyRow = proxies.locator('tbody tr', { hasText: shown!.address });
  await proxyRow.getByRole('checkbox').click();
  await expectDisabled(viewerPage, [
    'Add',
    'Check all matching',
    'Check selected',
    'Add tag',
    'Remove tag',
    'Delete',
  ]);
  await expectDisabled(proxyRow, ['Check']);
  // The proxy's view (as a shared link opens it): its check, tags and save are disabled too.
  await viewerPage.goto(`${panel.url}/panel/proxy?view=${shown!.proxyId}`);
  const view = viewerPage.getByRole('dialog');
  await expectDisabled(view, ['Save', 'Check now', 'Remove tag "eu"', 'Add']);
  await viewerPage.screenshot({ path: '../test-results/workspaces-viewer-proxy.png' });
  await viewerPage.keyboard.press('Escape');
  // The switcher lists both workspaces with the role in each.
  const menu = await switcher(viewerPage);
  await expect(menu.locator('[data-workspace="Farm"]')).toContainText('Viewer');
  await viewerPage.keyboard.press('Escape');
  // Back in the personal workspace, no notice: the viewer owns it.
  await (await switcher(viewerPage)).getByRole('menuitem', { name: /Personal/ }).click();
  await expect(viewerPage.getByTestId('workspace-active')).toHaveText('Personal');
  await expect(viewerPage.getByTestId('viewer-notice')).toHaveCount(0);
  await viewerPage.context().close();

  // The owner makes the member an operator with every account.
  await page.reload();
  const row = page.locator('[data-member="viewer@example.test"]');
  await row.getByRole('button', { name: 'Change' }).click();
  const edit = page.getByRole('dialog', { name: 'Role and access: viewer' });
  await edit.getByLabel('Role', { exact: true }).selectOption('operator');
  await edit.getByLabel('Access tags').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Operator');
  await expect(row).toContainText('All accounts and proxies');

  // The audit log names the invitation, the acceptance and the change; filtered to one operation.
  await page.goto(`${panel.url}/panel/workspace/audit`);
  const table = page.getByRole('grid', { name: 'Audit log' });
  for (const operation of ['workspace.invite', 'workspace.accept', 'workspace.setMember']) {
    await expect(table.getByText(operation, { exact: true })).toBeVisible({ timeout: 30_000 });
  }
  await page.getByLabel('Operation or area').fill('workspace.accept');
  await expect(table.getByText('workspace.invite', { exact: true })).toHaveCount(0);
  await expect(table.getByText('workspace.accept', { exact: true })).toBeVisible();
  await page.screenshot({ path: '../test-results/workspaces-audit.png' });
  expect(problems).toEqual([]);
});

test('an operator limited to a tag sees only its accounts and proxies, counters too, and acts on them', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const operator = await secondUser('operator@example.test', 'operator');
  await panel.api('/api/workspaces', { name: 'Crew' });
  const [own, other, untagged] = await tagged('Crew', '10.62.0', ['eu', 'us', null], 4520);

  // The owner invites from the Crew's members page: an operator limited to the tag "eu".
  await panel.openPanel(page, '/panel/dashboard', 'en');
  await (await switcher(page)).locator('[data-workspace="Crew"]').click();
  await expect(page.getByTestId('workspace-active')).toHaveText('Crew', { timeout: 60_000 });
  await page.goto(`${panel.url}/panel/workspace/members`);
  await inviteFromMembersPage(page, 'operator@example.test', 'operator', 'eu');

  const link = new URL((await mailTo('operator@example.test')).link!);
  const opPage = await openAs(browser, operator, `${link.pathname}${link.search}`);
  await expect(opPage.getByRole('heading', { name: 'Members of "Crew"' })).toBeVisible({ timeout: 60_000 });
  await expect(opPage.locator('[data-member="operator@example.test"]')).toContainText('eu');
  await expect(opPage.getByTestId('viewer-notice')).toHaveCount(0);

  // Accounts: only the one tagged "eu", and the counters count only it.
  await opPage.goto(`${panel.url}/panel/steam-accounts`);
  const accounts = opPage.getByRole('grid');
  await expect(accounts.locator('tbody tr', { hasText: own!.login })).toBeVisible({ timeout: 30_000 });
  for (const hidden of [other!, untagged!]) {
    await expect(accounts.locator('tbody tr', { hasText: hidden.login })).toHaveCount(0);
  }
  await expect(accounts.locator('tbody tr')).toHaveCount(1);
  await expect(opPage.getByTestId('account-counters')).toContainText('Total: 1 ·');
  await expect(opPage.getByRole('button', { name: 'Add accounts', exact: true })).toBeEnabled();

  // Proxies: only the one tagged "eu"; the list's total and the counters by status count only it.
  await opPage.goto(`${panel.url}/panel/proxy`);
  const proxies = opPage.getByRole('grid');
  const ownProxy = proxies.locator('tbody tr', { hasText: own!.address });
  await expect(ownProxy).toBeVisible({ timeout: 30_000 });
  for (const hidden of [other!, untagged!]) {
    await expect(proxies.locator('tbody tr', { hasText: hidden.address })).toHaveCount(0);
  }
  await expect(proxies.locator('tbody tr')).toHaveCount(1);
  await expect(opPage.getByText('1–1 of 1')).toBeVisible();
  const byStatus = await opPage.getByLabel('Status').locator('option').allTextContents();
  const counted = byStatus.map((text) => Number(/\((\d+)\)$/.exec(text)?.[1] ?? 0));
  expect(counted.reduce((sum, n) => sum + n, 0)).toBe(1);

  // An action on its own proxy works: renamed from its view, the list shows the new name.
  await opPage.goto(`${panel.url}/panel/proxy?view=${own!.proxyId}`);
  const view = opPage.getByRole('dialog');
  await view.getByLabel('Name').fill('eu-main');
  await view.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(opPage.getByText('Proxy saved')).toBeVisible();
  await opPage.keyboard.press('Escape');
  await expect(ownProxy).toContainText('eu-main');
  await opPage.screenshot({ path: '../test-results/workspaces-scoped-proxies.png' });
  await opPage.context().close();
  expect(problems).toEqual([]);
});
