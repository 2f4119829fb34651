import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck admin`: the group's command. */
export const ADMIN: CommandSpec = { path: ['admin'], text: 'adminDescription' };

/** The commands of `tradedeck admin`, in help order. */
export const ADMIN_COMMANDS = {
  users: {
    path: ['admin', 'users'],
    text: 'adminUsersDescription',
    options: [
      {
        flags: '--status <status>',
        text: 'adminStatusOption',
        choices: ['pendingConfirmation', 'pendingApproval', 'active', 'banned'],
      },
      { flags: '--search <text>', text: 'adminSearchOption' },
      { flags: '--page <n>', text: 'adminPageOption', integer: true, default: 1 },
    ],
    examples: [
      'tradedeck admin users --status pendingApproval',
      'tradedeck admin users --search example.com',
    ],
  },
  approve: {
    path: ['admin', 'approve'],
    args: ['<user>'],
    text: 'adminApproveDescription',
    examples: ['tradedeck admin approve new@example.com'],
  },
  ban: {
    path: ['admin', 'ban'],
    args: ['<user>'],
    text: 'adminBanDescription',
    options: [{ flags: '--reason <text>', text: 'adminReasonOption' }],
    examples: ['tradedeck admin ban spam@example.com --reason "spam"'],
  },
  unban: {
    path: ['admin', 'unban'],
    args: ['<user>'],
    text: 'adminUnbanDescription',
    examples: ['tradedeck admin unban spam@example.com'],
  },
  endSessions: {
    path: ['admin', 'end-sessions'],
    args: ['<user>'],
    text: 'adminEndSessionsDescription',
    examples: ['tradedeck admin end-sessions lost-laptop@example.com'],
  },
  outbox: {
    path: ['admin', 'outbox'],
    text: 'adminOutboxDescription',
    options: [{ flags: '--limit <n>', text: 'adminLimitOption', integer: true, default: 20 }],
    examples: ['tradedeck admin outbox --limit 5'],
  },
  leases: {
    path: ['admin', 'leases'],
    text: 'adminLeasesDescription',
    examples: ['tradedeck admin leases', 'tradedeck admin leases --json'],
  },
} as const satisfies Record<string, CommandSpec>;
