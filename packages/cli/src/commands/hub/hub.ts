import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import type { ConnectOptions } from './hub-connect.ts';
import { HUB, HUB_COMMANDS } from './specs.ts';

/** `tradedeck hub connect <hub>`: socket debugging from the terminal (the web debug route is not offered). */
export function registerHub(program: Command, { lang, context }: Registration): void {
  const hub = addCommand(program, HUB, lang);
  addCommand(hub, HUB_COMMANDS.connect, lang).action(async (name: string, options: ConnectOptions) => {
    // The hub client loads only for this command.
    const { connect } = await import('./hub-connect.ts');
    await connect(context(), name, options);
  });
}
