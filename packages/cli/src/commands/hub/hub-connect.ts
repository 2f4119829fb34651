import { HUB_NAMES, type HubNotice, isHubName } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { openHub } from '../../kit/hub.ts';

export interface ConnectOptions {
  invoke?: string;
  payload?: string;
  on: string[];
  count?: string;
  timeout?: string;
}

export async function connect(ctx: CommandContext, name: string, options: ConnectOptions): Promise<void> {
  if (!isHubName(name)) {
    throw new CliFailure(ctx.t('hubUnknown', { hub: name, known: HUB_NAMES.join(', ') }), ExitCode.Usage);
  }
  const args = invocationArguments(ctx, options);
  const count = positive(ctx, '--count', options.count);
  const timeoutS = positive(ctx, '--timeout', options.timeout);
  const printLine = (value: unknown) => ctx.io.stdout(`${JSON.stringify(value)}\n`);
  let seen = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  // A debugging session reports a refused connection at once instead of retrying in the background.
  const client = await openHub(ctx, name, {
    events: [],
    onFrame: (direction, frame) => printLine({ direction, ...frame }),
    onNotice: (notice) => {
      if (notice.kind === 'failed') finish();
      else ctx.io.stderr(`${noticeText(ctx, notice)}\n`);
    },
  });
  for (const event of options.on) {
    client.on(event, () => {
      seen += 1;
      if (count !== null && seen >= count) finish();
    });
  }
  const onSignal = () => finish();
  process.once('SIGINT', onSignal);
  const timer = timeoutS === null ? null : setTimeout(finish, timeoutS * 1000);
  try {
    ctx.io.stderr(
      `${ctx.t('hubConnected', { hub: name, url: ctx.serverUrl, id: client.connection.connectionId ?? '-' })}\n`,
    );
    if (options.invoke) {
      try {
        await client.invoke(options.invoke, ...args);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        throw new CliFailure(
          ctx.t('hubInvokeFailed', { method: options.invoke, error: text }),
          ExitCode.Error,
          {
            error: text,
          },
        );
      }
    }
    if (options.on.length > 0) await finished;
  } finally {
    process.off('SIGINT', onSignal);
    if (timer) clearTimeout(timer);
    await client.stop();
  }
}

function invocationArguments(ctx: CommandContext, options: ConnectOptions): unknown[] {
  if (options.payload === undefined) return [];
  if (!options.invoke) throw new CliFailure(ctx.t('hubPayloadWithoutInvoke'), ExitCode.Usage);
  let value: unknown;
  try {
    value = JSON.parse(options.payload);
  } catch (error) {
    throw new CliFailure(ctx.t('hubBadPayload', { reason: (error as Error).message }), ExitCode.Usage);
  }
  return Array.isArray(value) ? value : [value];
}

function positive(ctx: CommandContext, option: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new CliFailure(ctx.t('hubBadNumber', { option, value }), ExitCode.Usage);
  }
  return number;
}

function noticeText(ctx: CommandContext, notice: HubNotice): string {
  switch (notice.kind) {
    case 'lost':
      return ctx.t('hubLost');
    case 'restored':
      return ctx.t('hubRestored');
    case 'closed':
      return ctx.t('hubClosed');
    case 'desync':
      return ctx.t('hubDesync', {
        source: notice.sourceId,
        expected: notice.expected,
        received: notice.received,
      });
    default:
      return '';
  }
}
