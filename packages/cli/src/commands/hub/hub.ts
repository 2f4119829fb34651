import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { message } from '../../texts/message.ts';
import type { ConnectOptions } from './hub-connect.ts';

/** `tradedeck hub connect <hub>`: socket debugging from the terminal (the web debug route is not offered). */
export function registerHub(program: Command, { lang, context }: Registration): void {
  const hub = program.command('hub').description(message(lang, 'hubDescription'));
  hub
    .command('connect <hub>')
    .description(message(lang, 'hubConnectDescription'))
    .option('--invoke <method>', message(lang, 'optHubInvoke'))
    .option('--payload <json>', message(lang, 'optHubPayload'))
    .option('--on <event>', message(lang, 'optHubOn'), (value: string, all: string[]) => [...all, value], [])
    .option('--count <n>', message(lang, 'optHubCount'))
    .option('--timeout <seconds>', message(lang, 'optHubTimeout'))
    .action(async (name: string, options: ConnectOptions) => {
      // The hub client loads only for this command.
      const { connect } = await import('./hub-connect.ts');
      await connect(context(), name, options);
    });
}
