import type { DirectCommand } from './direct.ts';

/**
 * Commands that start without commander (and without their group's other commands) when their line is plain:
 * their start-up time and memory are benchmarked (`pnpm bench cli`). Each is also registered in its group, with
 * the same options, for help, completion and every line the direct reading leaves to commander.
 */
export const DIRECT_COMMANDS: readonly DirectCommand[] = [
  {
    path: ['accounts', 'code'],
    args: 1,
    flags: ['--copy'],
    load: async () => {
      // Its texts: the shared ones and those of the accounts area (direct.test.ts checks it needs no other).
      const [{ showGuardCode }] = await Promise.all([
        import('./commands/accounts/account-code.ts'),
        import('./commands/accounts/texts.ts'),
      ]);
      return (ctx, [login], flags) => showGuardCode(ctx, login as string, { copy: flags.has('--copy') });
    },
  },
];
