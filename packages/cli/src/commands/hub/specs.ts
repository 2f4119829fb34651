import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck hub`: the group's command. */
export const HUB: CommandSpec = { path: ['hub'], text: 'hubDescription' };

/** The commands of `tradedeck hub`. */
export const HUB_COMMANDS = {
  connect: {
    path: ['hub', 'connect'],
    args: ['<hub>'],
    text: 'hubConnectDescription',
    options: [
      { flags: '--invoke <method>', text: 'optHubInvoke' },
      { flags: '--payload <json>', text: 'optHubPayload' },
      { flags: '--on <event>', text: 'optHubOn', many: true },
      { flags: '--count <n>', text: 'optHubCount' },
      { flags: '--timeout <seconds>', text: 'optHubTimeout' },
    ],
    examples: [
      'tradedeck hub connect proxy-checker-hub --on ProxyStatusUpdated --count 10',
      'tradedeck hub connect notifications-hub --timeout 30',
    ],
  },
} as const satisfies Record<string, CommandSpec>;
