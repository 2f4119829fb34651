import type { AdminUser } from '@tradedeck/sdk/contract';

export type Action = 'approve' | 'ban' | 'unban';

/** What an administrator can do to a user in this state; administrators themselves are left alone. */
export function actionsFor(user: Pick<AdminUser, 'role' | 'status'>): Action[] {
  if (user.role === 'admin') return [];
  if (user.status === 'banned') return ['unban'];
  return user.status === 'pendingApproval' ? ['approve', 'ban'] : ['ban'];
}

/** Whether the administrator may sign this user out everywhere: any user who is not banned (a ban already did). */
export function canEndSessions(user: Pick<AdminUser, 'role' | 'status'>): boolean {
  return user.role !== 'admin' && user.status !== 'banned';
}
