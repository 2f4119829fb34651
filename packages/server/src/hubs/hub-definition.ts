import type { z } from 'zod';

/** Who is calling and on which connection; streams also get a signal that fires on cancel or disconnect. */
export interface HubCallContext<Connection> {
  userId: string;
  connection: Connection;
  signal: AbortSignal;
}

interface MethodBase {
  /** The name as documented; clients may use any letter case. */
  name: string;
  /** Validates the positional arguments; a mismatch fails the call with the ASP.NET binding error. */
  args: z.ZodType<unknown[]>;
}

export interface InvokeMethod<Connection> extends MethodBase {
  kind: 'invoke';
  run(context: HubCallContext<Connection>, args: unknown[]): Promise<unknown>;
}

export interface StreamMethod<Connection> extends MethodBase {
  kind: 'stream';
  run(context: HubCallContext<Connection>, args: unknown[]): AsyncIterable<unknown>;
}

export type HubMethod<Connection> = InvokeMethod<Connection> | StreamMethod<Connection>;

export interface HubDefinition<Connection> {
  name: string;
  /** Keyed by lower-case name: SignalR matches hub methods without regard to case. */
  methods: Map<string, HubMethod<Connection>>;
}

export function defineHub<Connection>(
  name: string,
  methods: Array<HubMethod<Connection>>,
): HubDefinition<Connection> {
  return { name, methods: new Map(methods.map((method) => [method.name.toLowerCase(), method])) };
}
