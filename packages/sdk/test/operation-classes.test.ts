import { describe, expect, it } from 'vitest';
import {
  contract,
  isAccountOperation,
  listOperations,
  OPERATION_CLASSES,
  operationClass,
  roleAllows,
} from '../src/contract/index.ts';

describe('operation classes', () => {
  it('gives every operation of the contract a class, and names no operation the contract lacks', () => {
    const ids = listOperations().map((op) => op.id);
    expect(ids.filter((id) => !(id in OPERATION_CLASSES))).toEqual([]);
    expect(Object.keys(OPERATION_CLASSES).filter((id) => !ids.includes(id as never))).toEqual([]);
  });

  it('classes every operation that shows a secret in clear as secrets', () => {
    for (const op of [
      contract.proxies.export,
      contract.steamAccounts.guardCode,
      contract.steamAccounts.guardCodeByLogin,
      contract.transfer.revealKey,
    ])
      expect(operationClass(op)).toBe('secrets');
  });

  it('lets a viewer read only, an operator read and act, an owner everything', () => {
    expect(roleAllows('viewer', 'read')).toBe(true);
    expect(roleAllows('viewer', 'act')).toBe(false);
    expect(roleAllows('operator', 'act')).toBe(true);
    expect(roleAllows('operator', 'secrets')).toBe(false);
    expect(roleAllows('operator', 'members')).toBe(false);
    for (const cls of ['read', 'act', 'members', 'secrets'] as const)
      expect(roleAllows('owner', cls)).toBe(true);
  });

  it('treats an operation missing from the table as owner-only', () => {
    expect(operationClass({ id: 'nowhere.unknown' })).toBe('secrets');
  });

  it('keeps account operations out of the workspace', () => {
    expect(isAccountOperation(contract.user.changePassword)).toBe(true);
    expect(isAccountOperation(contract.workspace.accept)).toBe(true);
    expect(isAccountOperation(contract.settings.update)).toBe(true);
    expect(isAccountOperation(contract.settings.get)).toBe(true);
    expect(isAccountOperation(contract.workspace.invite)).toBe(false);
    expect(isAccountOperation(contract.proxies.query)).toBe(false);
  });
});
