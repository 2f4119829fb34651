import { describe, expect, it } from 'vitest';
import { actionsFor, canEndSessions } from '../src/features/admin/user-actions.ts';

describe('admin user actions', () => {
  it('offers approval only to users waiting for it, unban only to banned ones', () => {
    expect(actionsFor({ role: 'user', status: 'pendingApproval' })).toEqual(['approve', 'ban']);
    expect(actionsFor({ role: 'user', status: 'pendingConfirmation' })).toEqual(['ban']);
    expect(actionsFor({ role: 'user', status: 'active' })).toEqual(['ban']);
    expect(actionsFor({ role: 'user', status: 'banned' })).toEqual(['unban']);
  });

  it('never offers to act on an administrator', () => {
    expect(actionsFor({ role: 'admin', status: 'active' })).toEqual([]);
  });

  it('offers to end the sessions of every user but administrators and the banned', () => {
    expect(canEndSessions({ role: 'user', status: 'active' })).toBe(true);
    expect(canEndSessions({ role: 'user', status: 'pendingApproval' })).toBe(true);
    expect(canEndSessions({ role: 'user', status: 'banned' })).toBe(false);
    expect(canEndSessions({ role: 'admin', status: 'active' })).toBe(false);
  });
});
