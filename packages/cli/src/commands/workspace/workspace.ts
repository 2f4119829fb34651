import { contract, type WorkspaceMember } from '@tradedeck/sdk/contract';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, parseIds, usage } from '../../kit/command-helpers.ts';
import { writeTextStream } from '../../kit/text-stream.ts';
import { WORKSPACE, WORKSPACE_COMMANDS } from './specs.ts';
import './texts.ts';

const EXPORT_TIMEOUT_MS = 10 * 60_000;

interface MemberOptions {
  role: 'operator' | 'viewer';
  tags?: string;
}

interface MoveOptions {
  accounts?: string;
  proxies?: string;
}

/** How often a running move is read again. */
const MOVE_POLL_MS = 500;

interface AuditOptions {
  member?: string;
  operation?: string;
  from?: string;
  to?: string;
  csv?: boolean;
}

/**
 * `tradedeck workspace list|create|members|invite|set-member|remove-member|move|audit` (docs/workspaces.md). Commands
 * on a team act in the workspace of the global `--workspace` (id or name) or TRADEDECK_WORKSPACE.
 */
export function registerWorkspace(program: Command, { lang, context }: Registration): void {
  const workspace = addCommand(program, WORKSPACE, lang);
  const spec = WORKSPACE_COMMANDS;

  addCommand(workspace, spec.list, lang).action(
    guarded(context, async (ctx) => {
      const { items } = await ctx.client().workspace.listMine({});
      const active = ctx.workspaceId();
      ctx.print(items, () =>
        items
          .map((w) => {
            const mark = (active ?? items[0]?.id) === w.id ? '*' : ' ';
            return `${mark} ${w.id}\t${w.name}\t${w.kind}\t${w.role}\t${tagsText(ctx, w.scopeTags)}`;
          })
          .join('\n'),
      );
    }),
  );

  addCommand(workspace, spec.create, lang).action(
    guarded(context, async (ctx, name: string) => {
      const created = await ctx.client().workspace.create({ name });
      ctx.print(created, () => ctx.t('workspaceCreated', { name: created.name, id: created.id }));
    }),
  );

  addCommand(workspace, spec.members, lang).action(
    guarded(context, async (ctx) => {
      const members = await ctx.client().workspace.members({});
      ctx.print(members, () =>
        [
          ...members.items.map(
            (m) => `${m.userId}\t${m.userName}\t${m.email}\t${m.role}\t${tagsText(ctx, m.scopeTags)}`,
          ),
          ...(members.invites.length > 0
            ? [
                ctx.t('workspaceInvites'),
                ...members.invites.map(
                  (i) => `${i.id}\t${i.email}\t${i.role}\t${tagsText(ctx, i.scopeTags)}\t${i.expiresAt}`,
                ),
              ]
            : []),
        ].join('\n'),
      );
    }),
  );

  addCommand(workspace, spec.invite, lang).action(
    guarded(context, async (ctx, email: string, options: MemberOptions) => {
      const invite = await ctx
        .client()
        .workspace.invite({ email, role: options.role, scopeTags: tagsOf(options.tags) });
      ctx.print(invite, () =>
        ctx.t('workspaceInvited', { email: invite.email, role: invite.role, expires: invite.expiresAt }),
      );
    }),
  );

  addCommand(workspace, spec.setMember, lang).action(
    guarded(context, async (ctx, who: string, options: MemberOptions) => {
      const member = await memberNamed(ctx, who);
      const changed = await ctx.client().workspace.setMember({
        userId: member.userId,
        role: options.role,
        scopeTags: tagsOf(options.tags),
      });
      ctx.print(changed, () => ctx.t('workspaceMemberSet', { member: changed.email, role: changed.role }));
    }),
  );

  addCommand(workspace, spec.removeMember, lang).action(
    guarded(context, async (ctx, who: string) => {
      const member = await memberNamed(ctx, who);
      const removed = await ctx.client().workspace.removeMember({ userId: member.userId });
      ctx.print(removed, () => ctx.t('workspaceMemberRemoved', { member: member.email }));
    }),
  );

  addCommand(workspace, spec.move, lang).action(
    guarded(context, async (ctx, options: MoveOptions) => {
      if (options.accounts === undefined && options.proxies === undefined) usage(ctx, 'workspaceMoveNothing');
      const client = ctx.client();
      let move = await client.workspace.move({
        accountIds: options.accounts === undefined ? [] : parseIds(ctx, [options.accounts]),
        proxyIds: options.proxies === undefined ? [] : parseIds(ctx, [options.proxies]),
      });
      while (move.status !== 'done') {
        await new Promise((resolve) => setTimeout(resolve, MOVE_POLL_MS));
        move = await client.workspace.moveJob({ id: move.id });
      }
      const summary = ctx.t('workspaceMoveSummary', {
        moved: move.moved,
        total: move.total,
        failed: move.failed,
      });
      ctx.print(move, () =>
        [
          ...move.items.map((item) =>
            ctx.t('workspaceMoveItem', {
              kind: item.kind,
              id: item.id,
              outcome: item.message ?? ctx.t('workspaceMoved'),
            }),
          ),
          summary,
        ].join('\n'),
      );
      if (move.failed > 0)
        throw new CliFailure(summary, move.moved > 0 ? ExitCode.Partial : ExitCode.Error, { error: summary });
    }),
  );

  addCommand(workspace, spec.audit, lang).action(
    guarded(context, async (ctx, options: AuditOptions) => {
      const filter = {
        ...(options.member ? { actorId: (await memberNamed(ctx, options.member)).userId } : {}),
        ...(options.operation ? { operation: options.operation } : {}),
        ...(options.from ? { from: timeOf(ctx, options.from) } : {}),
        ...(options.to ? { to: timeOf(ctx, options.to) } : {}),
      };
      if (options.csv) {
        const response = await ctx
          .client()
          .stream(contract.audit.export, filter, { timeoutMs: EXPORT_TIMEOUT_MS });
        await writeTextStream(response.body ?? '', ctx.io.stdout);
        return;
      }
      const page = await ctx.client().audit.list(filter);
      ctx.print(page, () =>
        page.items.length === 0
          ? ctx.t('workspaceNoEntries')
          : page.items
              .map(
                (e) =>
                  `${e.at}\t${e.actorName ?? e.actorId}\t${e.operation}\t${JSON.stringify(e.targets)}\t${e.ip ?? ''}`,
              )
              .join('\n'),
      );
    }),
  );
}

/** `--tags a,b`: the tags; `--tags ""`: no limit; absent: no limit. */
function tagsOf(value: string | undefined): string[] | null {
  const tags = (value ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return tags.length > 0 ? tags : null;
}

function tagsText(ctx: CommandContext, tags: readonly string[] | null): string {
  return tags === null ? ctx.t('workspaceAllTags') : tags.join(',');
}

/** A member of the active workspace by id, e-mail or name (letter case ignored). */
async function memberNamed(ctx: CommandContext, who: string): Promise<WorkspaceMember> {
  const { items } = await ctx.client().workspace.members({});
  const wanted = who.trim().toLowerCase();
  const found =
    items.find((m) => m.userId.toLowerCase() === wanted || m.email.toLowerCase() === wanted) ??
    items.find((m) => m.userName.toLowerCase() === wanted);
  return found ?? usage(ctx, 'workspaceNoMember', { member: who });
}

function timeOf(ctx: CommandContext, value: string): string {
  const time = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time.getTime()))
    usage(ctx, 'workspaceBadTime', { value });
  return time.toISOString();
}
