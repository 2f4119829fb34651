import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type IRetryPolicy,
  LogLevel,
} from '@microsoft/signalr';

export interface ReceivedEvent {
  sourceId: string;
  version: number;
  sequenceToken: string;
  payload: unknown;
}

/** The official client as an app would build it: WebSockets, bearer token factory, optional reconnect policy. */
export function officialClient(
  baseUrl: string,
  hub: string,
  token: () => string,
  reconnect: number[] | IRetryPolicy | null = null,
): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/tenant/hubs/${hub}`, {
      accessTokenFactory: token,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None);
  if (Array.isArray(reconnect)) builder = builder.withAutomaticReconnect(reconnect);
  else if (reconnect) builder = builder.withAutomaticReconnect(reconnect);
  return builder.build();
}

/** Resolves when `predicate` holds, polling; fails with `what` after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
