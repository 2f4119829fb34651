import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded } from '../../kit/command-helpers.ts';
import { registerHarvesterProfiles } from './harvester-profiles.ts';
import { registerHarvesterSessions } from './harvester-sessions.ts';
import { HARVESTER, HARVESTER_COMMANDS } from './specs.ts';

/** `tradedeck harvester …`: profiles, sessions, transactions and the live watch. */
export function registerHarvester(program: Command, registration: Registration): void {
  const harvester = addCommand(program, HARVESTER, registration.lang);
  registerHarvesterProfiles(harvester, registration);
  registerHarvesterSessions(harvester, registration);
  addCommand(harvester, HARVESTER_COMMANDS.watch, registration.lang).action(
    guarded(registration.context, async (ctx, id: string | undefined) => {
      // The hub client and Ink load only for the command that listens and draws.
      const { runHarvesterWatch } = await import('./harvester-watch.ts');
      await runHarvesterWatch(ctx, id);
    }),
  );
}
