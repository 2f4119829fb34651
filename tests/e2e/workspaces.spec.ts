import { type Browser, expect, type Page, test } from '@playwright/test';
import { UsersRepo } from '../../packages/server/src/modules/auth/users-repo.ts';
import { OutboxRepo } from '../../packages/server/src/modules/mail/repo.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// A team workspace in the panel, against a sandbox server of this suite's own: the owner makes a team and invites
// a second user from the members page, the second user accepts from the mailed link and sees the team read-only,
// the owner changes the member's role and reads the invitation, the acceptance and the change in the audit log.
const PASSWORD = 'Quartz-Lantern-42';
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
  await page.getByRole('button', { name: 'Invite' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to the workspace' });
  await invite.getByLabel('E-mail').fill('viewer@example.test');
  await invite.getByLabel('Role', { exact: true }).selectOption('viewer');
  await invite.getByLabel('Access tags').fill('eu');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator('[data-invite="viewer@example.test"]')).toContainText('Viewer');

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
