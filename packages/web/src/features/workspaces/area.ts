import { defineArea } from '../../shared/area/define-area.ts';
import { workspacesShellTexts } from './shell-texts.ts';

/**
 * Team workspaces: the members page, the audit log, the acceptance of a mailed invitation. The switcher lives in
 * the top bar; its palette commands are handled by the shell's workspace host, on every screen.
 */
export const workspacesArea = defineArea({
  name: 'workspaces',
  keywords: ['workspace', 'team'],
  nav: {
    path: '/panel/workspace/members',
    hotkey: 'g w',
    keywords: ['members', 'team', 'invite', 'roles', 'workspace'],
  },
  panelRoutes: [
    { path: 'workspace/members', page: () => import('./members-page.tsx').then((m) => m.MembersPage) },
    { path: 'workspace/audit', page: () => import('./audit-page.tsx').then((m) => m.AuditPage) },
    { path: 'workspace/accept', page: () => import('./accept-page.tsx').then((m) => m.AcceptPage) },
  ],
  sets: {
    shell: {
      scope: 'global',
      signedIn: true,
      commands: {
        audit: { hotkeys: [], keywords: ['audit', 'log', 'history', 'who did'] },
        create: { hotkeys: [], keywords: ['new', 'create', 'team workspace'] },
      },
    },
  },
  texts: [
    {
      key: 'workspaces',
      shell: workspacesShellTexts,
      screen: () => import('./texts.ts').then((m) => m.workspacesTexts),
    },
  ],
});
