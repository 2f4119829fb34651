import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck status`: the server's reachability, version and maintenance. */
export const STATUS: CommandSpec = {
  path: ['status'],
  text: 'statusDescription',
  examples: ['tradedeck status', 'tradedeck status --server http://10.0.0.5:8080 --json'],
};
