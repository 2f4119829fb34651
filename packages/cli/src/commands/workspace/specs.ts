import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck workspace`: the user's workspaces, a team's members and invitations, and its audit log. */
export const WORKSPACE: CommandSpec = {
  path: ['workspace'],
  text: 'workspaceDescription',
  examples: ['tradedeck workspace list', 'tradedeck --workspace farm workspace members'],
};

const ROLE = { flags: '--role <role>', text: 'workspaceOptRole', choices: ['operator', 'viewer'] } as const;
const TAGS = { flags: '--tags <tags>', text: 'workspaceOptTags' } as const;

export const WORKSPACE_COMMANDS = {
  list: {
    path: ['workspace', 'list'],
    text: 'workspaceListDescription',
    examples: ['tradedeck workspace list'],
  },
  create: {
    path: ['workspace', 'create'],
    args: ['<name>'],
    text: 'workspaceCreateDescription',
    examples: ['tradedeck workspace create farm'],
  },
  members: {
    path: ['workspace', 'members'],
    text: 'workspaceMembersDescription',
    examples: ['tradedeck --workspace farm workspace members --json'],
  },
  invite: {
    path: ['workspace', 'invite'],
    args: ['<email>'],
    text: 'workspaceInviteDescription',
    options: [{ ...ROLE, default: 'operator' }, TAGS],
    examples: [
      'tradedeck --workspace farm workspace invite ann@example.com --role viewer --tags north,south',
    ],
  },
  setMember: {
    path: ['workspace', 'set-member'],
    args: ['<member>'],
    text: 'workspaceSetMemberDescription',
    options: [{ ...ROLE, required: true }, TAGS],
    examples: [
      'tradedeck --workspace farm workspace set-member ann@example.com --role operator --tags north',
    ],
  },
  removeMember: {
    path: ['workspace', 'remove-member'],
    args: ['<member>'],
    text: 'workspaceRemoveMemberDescription',
    examples: ['tradedeck --workspace farm workspace remove-member ann@example.com'],
  },
  move: {
    path: ['workspace', 'move'],
    text: 'workspaceMoveDescription',
    options: [
      { flags: '--accounts <ids>', text: 'workspaceOptAccounts' },
      { flags: '--proxies <ids>', text: 'workspaceOptProxies' },
    ],
    examples: ['tradedeck --workspace farm workspace move --accounts 12,13 --proxies 4'],
  },
  audit: {
    path: ['workspace', 'audit'],
    text: 'workspaceAuditDescription',
    options: [
      { flags: '--member <member>', text: 'workspaceOptMember' },
      { flags: '--operation <operation>', text: 'workspaceOptOperation' },
      { flags: '--from <time>', text: 'workspaceOptFrom' },
      { flags: '--to <time>', text: 'workspaceOptTo' },
      { flags: '--csv', text: 'workspaceOptCsv' },
    ],
    examples: [
      'tradedeck --workspace farm workspace audit --operation proxies.',
      'tradedeck --workspace farm workspace audit --csv > audit.csv',
    ],
  },
} as const satisfies Record<string, CommandSpec>;
