import { describe, expect, it } from 'vitest';
import { actionsFor } from '../src/features/admin/user-actions.ts';

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
});
