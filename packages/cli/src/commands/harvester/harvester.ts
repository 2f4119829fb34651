import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { guarded } from '../../kit/command-helpers.ts';
import { message } from '../../texts/message.ts';
import { registerHarvesterProfiles } from './harvester-profiles.ts';
import { registerHarvesterSessions } from './harvester-sessions.ts';

/** `tradedeck harvester …`: profiles, sessions, transactions and the live watch. */
export function registerHarvester(program: Command, registration: Registration): void {
  const harvester = program
    .command('harvester')
    .description(message(registration.lang, 'harvesterDescription'));
  registerHarvesterProfiles(harvester, registration);
  registerHarvesterSessions(harvester, registration);
  harvester
    .command('watch [id]')
    .description(message(registration.lang, 'harvesterWatchDescription'))
    .action(
      guarded(registration.context, async (ctx, id: string | undefined) => {
        // The hub client and Ink load only for the command that listens and draws.
        const { runHarvesterWatch } = await import('./harvester-watch.ts');
        await runHarvesterWatch(ctx, id);
      }),
    );
}
