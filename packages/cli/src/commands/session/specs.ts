import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck login`, `logout` and `whoami`: the CLI's session on a server. */
export const SESSION_COMMANDS = {
  login: {
    path: ['login'],
    text: 'loginDescription',
    options: [
      { flags: '-e, --email <email>', text: 'loginEmail' },
      { flags: '--password-stdin', text: 'loginPasswordStdin' },
    ],
    examples: [
      'tradedeck login',
      'tradedeck login --email me@example.com --password-stdin < password.txt',
      'tradedeck login --token "$TRADEDECK_TOKEN"',
    ],
  },
  logout: { path: ['logout'], text: 'logoutDescription', examples: ['tradedeck logout'] },
  whoami: {
    path: ['whoami'],
    text: 'whoamiDescription',
    examples: ['tradedeck whoami', 'tradedeck whoami --json'],
  },
} as const satisfies Record<string, CommandSpec>;
