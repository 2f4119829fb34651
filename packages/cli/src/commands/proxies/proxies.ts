import type { ProxyRow } from '@tradedeck/sdk/contract';
import { contract } from '@tradedeck/sdk/contract';
import type { ProxyStatus } from '@tradedeck/sdk/domain';
import { PROXY_EXPORT_FORMATS, type ProxyExportFormat } from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, parseIds, positiveInt, readTextInput, usage } from '../../kit/command-helpers.ts';
import { type ListFlags, printList } from '../../kit/lists.ts';
import { settleBatch } from '../../kit/outcome.ts';
import { resolveProxyTagId } from '../../kit/proxy-tag-lookup.ts';
import { writeTextStream } from '../../kit/text-stream.ts';
import type { CheckRequest } from './proxy-check.ts';
import { importReport, PROTOCOL_ARGUMENTS, proxyHead, proxyRow, STATUS_ARGUMENTS } from './proxy-output.ts';
import { registerProxyRemove } from './proxy-remove.ts';
import { registerProxyTags } from './proxy-tags.ts';
import { PROXIES, PROXIES_COMMANDS } from './specs.ts';

export interface FilterOptions {
  tag?: string;
  country?: string;
  status: string[];
  search?: string;
}

const EXPORT_TIMEOUT_MS = 30 * 60_000;

/** A stable order, so a walk through every page sees each proxy once. */
const BY_ID = [{ propertyName: 'id' as const, isDescending: false }];

/** `tradedeck proxies …`: import, ls, check, export, rm, tag. */
export function registerProxies(program: Command, { lang, context }: Registration): void {
  const proxies = addCommand(program, PROXIES, lang);

  addCommand(proxies, PROXIES_COMMANDS.import, lang).action(
    guarded(
      context,
      async (
        ctx,
        file: string | undefined,
        options: { tag?: string; protocol?: string; updatePasswords?: boolean },
      ) => {
        const defaultProtocol = protocolOption(ctx, options.protocol);
        const text = await readTextInput(ctx, file);
        if (text.trim() === '') usage(ctx, 'emptyInput', { file: file ?? '-' });
        const tagName = options.tag?.trim();
        const result = await ctx.client().proxies.add({
          proxies: text,
          defaultProtocol,
          tag: tagName ? { id: 0, name: tagName } : null,
          updatePasswords: options.updatePasswords === true,
        });
        if (ctx.json) ctx.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
        const [summary, ...issues] = importReport(ctx, result);
        for (const line of issues) ctx.io.stderr(`${line}\n`);
        // Repeats are not failures (a second import of the same file succeeds); invalid lines are.
        settleBatch(summary!, {
          done: result.addedIds.length + result.updatedIds.length + result.duplicates.length,
          failed: result.invalid.length,
        });
        ctx.io.stderr(`${summary}\n`);
      },
    ),
  );

  addCommand(proxies, PROXIES_COMMANDS.ls, lang).action(
    guarded(context, async (ctx, options: FilterOptions & ListFlags) => {
      const filters = await filterInput(ctx, options);
      await printList(
        ctx,
        {
          head: proxyHead(ctx),
          row: (proxy: ProxyRow) => proxyRow(ctx, proxy),
          fetchPage: (page, pageSize) =>
            ctx.client().proxies.query({ ...filters, pages: { page, pageSize }, sort: BY_ID }),
          none: ctx.t('proxiesNone'),
          totalLine: (shown, total, page) => ctx.t('proxiesTotal', { shown, total, page }),
        },
        options,
      );
    }),
  );

  addCommand(proxies, PROXIES_COMMANDS.check, lang).action(
    guarded(
      context,
      async (ctx, options: { all?: boolean; tag?: string; ids?: string; timeout?: string }) => {
        const chosen = [options.all, options.tag, options.ids].filter((v) => v !== undefined).length;
        if (chosen !== 1) usage(ctx, 'checkSelectOne');
        const timeoutS = positiveInt(ctx, '--timeout', options.timeout);
        let request: CheckRequest;
        if (options.ids !== undefined) request = { ids: parseIds(ctx, [options.ids]) };
        else if (options.tag !== undefined)
          request = { filters: { withTagIds: [await resolveProxyTagId(ctx, options.tag)] } };
        else request = { filters: {} };
        // The hub client and the live view load only for this command.
        const { runProxyCheck } = await import('./proxy-check.ts');
        const progress = await runProxyCheck(ctx, request, timeoutS);
        if (progress.total > 0) {
          ctx.io.stderr(
            `${ctx.t('checkDone', {
              ...progress,
              seconds: ((progress.now - progress.startedAt) / 1000).toFixed(1),
            })}\n`,
          );
        }
      },
    ),
  );

  addCommand(proxies, PROXIES_COMMANDS.export, lang).action(
    guarded(context, async (ctx, options: FilterOptions & { format?: string; template?: string }) => {
      const format = exportFormat(ctx, options.format, options.template);
      const filters = await filterInput(ctx, options);
      const response = await ctx.client().stream(
        contract.proxies.export,
        {
          ...filters,
          format,
          ...(options.template !== undefined ? { template: options.template } : {}),
        },
        // The timeout covers the whole body: a long list streams for a while.
        { timeoutMs: EXPORT_TIMEOUT_MS },
      );
      await writeTextStream(response.body ?? '', ctx.io.stdout);
    }),
  );

  registerProxyRemove(proxies, { lang, context });
  registerProxyTags(proxies, { lang, context });
}

function protocolOption(ctx: CommandContext, value: string | undefined): 0 | 1 | 2 | 3 {
  if (value === undefined) return 0;
  const protocol = PROTOCOL_ARGUMENTS[value.trim().toLowerCase()];
  if (protocol === undefined) usage(ctx, 'badProtocol', { value });
  return protocol;
}

export async function filterInput(ctx: CommandContext, options: FilterOptions) {
  const withStatus = options.status.map((value) => statusOption(ctx, value));
  const country = options.country?.trim();
  if (country !== undefined && !/^([A-Za-z]{2}|--)$/.test(country))
    usage(ctx, 'badCountry', { value: country });
  return {
    withStatus,
    ...(country !== undefined ? { country } : {}),
    ...(options.search !== undefined ? { searchString: options.search } : {}),
    ...(options.tag !== undefined ? { withTagIds: [await resolveProxyTagId(ctx, options.tag)] } : {}),
  };
}

function statusOption(ctx: CommandContext, value: string): ProxyStatus {
  const key = value.trim().toLowerCase();
  const status = /^[0-5]$/.test(key) ? (Number(key) as ProxyStatus) : STATUS_ARGUMENTS[key];
  if (status === undefined)
    usage(ctx, 'badStatus', { value, known: Object.keys(STATUS_ARGUMENTS).join(', ') });
  return status;
}

function exportFormat(
  ctx: CommandContext,
  value: string | undefined,
  template: string | undefined,
): ProxyExportFormat {
  if (value === undefined) {
    if (template === undefined) usage(ctx, 'formatRequired', { known: PROXY_EXPORT_FORMATS.join(', ') });
    return 'custom';
  }
  const format = PROXY_EXPORT_FORMATS.find((f) => f === value.trim());
  if (!format) usage(ctx, 'badFormat', { value, known: PROXY_EXPORT_FORMATS.join(', ') });
  if (template !== undefined && format !== 'custom') usage(ctx, 'templateNeedsCustom');
  if (format === 'custom' && template === undefined) usage(ctx, 'customNeedsTemplate');
  return format;
}
