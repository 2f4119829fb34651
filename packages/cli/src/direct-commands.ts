import { ACCOUNTS_COMMANDS } from './commands/accounts/specs.ts';
import type { DirectCommand } from './direct.ts';
import { directCommands } from './kit/spec.ts';

/**
 * Commands that start without commander (and without their group's other commands) when their line is plain:
 * those whose spec has `direct`. The same spec makes their commander command, for help, completion and every
 * line the direct reading leaves to commander. A group with a direct command is listed here.
 */
export const DIRECT_COMMANDS: readonly DirectCommand[] = directCommands(Object.values(ACCOUNTS_COMMANDS));
