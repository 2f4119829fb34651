import { readFile } from 'node:fs/promises';
import { PAGE_SIZES, type PageSize } from '@tradedeck/sdk/domain/constants';
import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';
import { failureFromError } from '../failures.ts';
import type { MessageKey } from '../texts/message.ts';

export { sandboxBadge } from './sandbox-badge.ts';

/** Wraps a command body so API failures become the user's message and exit code. */
export function guarded<A extends unknown[]>(
  context: () => CommandContext,
  body: (ctx: CommandContext, ...args: A) => Promise<void>,
) {
  return async (...args: A) => {
    const ctx = context();
    try {
      await body(ctx, ...args);
    } catch (error) {
      throw failureFromError(ctx, error);
    }
  };
}

export function usage(ctx: CommandContext, key: MessageKey, params = {}): never {
  throw new CliFailure(ctx.t(key, params), ExitCode.Usage, { error: ctx.t(key, params) });
}

/** A positive whole number from an option, or a usage error naming the option. */
export function positiveInt(
  ctx: CommandContext,
  option: string,
  value: string | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number <= 0) {
    usage(ctx, 'badPage', { option, value });
  }
  return number;
}

export function pageSize(ctx: CommandContext, value: string | undefined): PageSize | undefined {
  if (value === undefined) return undefined;
  const size = PAGE_SIZES.find((s) => String(s) === value.trim());
  if (!size) usage(ctx, 'badPageSize', { value });
  return size;
}

/** Ids given as `1,2,3`, `1 2 3` or several arguments. */
export function parseIds(ctx: CommandContext, values: readonly string[]): number[] {
  const ids: number[] = [];
  for (const part of values.flatMap((v) => v.split(/[\s,]+/)).filter(Boolean)) {
    const id = Number(part);
    if (!/^\d+$/.test(part) || !Number.isSafeInteger(id) || id <= 0) usage(ctx, 'badIds', { value: part });
    ids.push(id);
  }
  if (ids.length === 0) usage(ctx, 'badIds', { value: values.join(' ') });
  return [...new Set(ids)];
}

/** The text of a file, or of standard input for `-`. */
export async function readTextInput(ctx: CommandContext, file: string | undefined): Promise<string> {
  if (file === undefined || file === '-') {
    const stdin = ctx.io.stdin;
    if (!stdin || (file === undefined && (stdin as { isTTY?: boolean }).isTTY)) usage(ctx, 'noInput');
    return readStream(stdin);
  }
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw unreadable(ctx, file, error);
  }
}

const FILE_ERRORS: Record<string, MessageKey> = {
  ENOENT: 'fileMissing',
  EISDIR: 'fileIsDirectory',
  EACCES: 'fileNoAccess',
};

export function unreadable(ctx: CommandContext, file: string, error: unknown): CliFailure {
  const code = (error as NodeJS.ErrnoException).code;
  const key = code ? FILE_ERRORS[code] : undefined;
  const reason = key ? ctx.t(key) : (error as Error).message;
  const text = ctx.t('cannotRead', { file, reason });
  return new CliFailure(text, ExitCode.Error, { error: text });
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function stderrLine(ctx: CommandContext, text: string): void {
  ctx.io.stderr(`${text}\n`);
}
