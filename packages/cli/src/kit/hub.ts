import {
  accessTokenFromApiClient,
  type HubClient,
  type HubClientOptions,
  HubStartError,
  startHubOnce,
} from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';

/** A hub the command follows could not be reached: the reason, and sign-in advice when the token was refused. */
export function hubFailure(ctx: CommandContext, hub: string, error: Error): CliFailure {
  const text = ctx.t('hubConnectFailed', { hub, reason: error.message });
  const unauthorized = /Status code '401'/.test(error.message);
  return new CliFailure(
    unauthorized ? `${text}\n${ctx.t('authNeeded')}` : text,
    unauthorized ? ExitCode.AuthNeeded : ExitCode.Error,
    { error: error.message },
  );
}

type OpenOptions = Omit<HubClientOptions, 'baseUrl' | 'hub' | 'accessToken'>;

/**
 * Connects a command to a hub with the saved session: exit 4 without one, a refused first connection as a
 * failure (no retrying in the background), and by default a line on stderr when the connection is lost and
 * restored (`onNotice` replaces that).
 */
export async function openHub(
  ctx: CommandContext,
  hub: HubClientOptions['hub'],
  options: OpenOptions = {},
): Promise<HubClient> {
  const api = ctx.client();
  if (!api.tokens.get())
    throw new CliFailure(ctx.t('authNeeded'), ExitCode.AuthNeeded, { error: 'auth-needed' });
  try {
    return await startHubOnce({
      baseUrl: ctx.serverUrl,
      hub,
      accessToken: accessTokenFromApiClient(api),
      workspace: ctx.workspaceId(),
      onNotice: (notice) => {
        if (notice.kind === 'lost') ctx.io.stderr(`${ctx.t('hubLost')}\n`);
        else if (notice.kind === 'restored') ctx.io.stderr(`${ctx.t('hubRestored')}\n`);
      },
      ...options,
    });
  } catch (error) {
    if (error instanceof HubStartError) throw hubFailure(ctx, hub, error.cause);
    throw error;
  }
}
