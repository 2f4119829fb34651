import { type ApiError, needsAdminTwoFactor } from '@tradedeck/sdk/client';
import { type AccountStatus, type AdminUser, SECURITY_SETTINGS_PATH } from '@tradedeck/sdk/contract';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { failureFromError } from '../../failures.ts';
import { addCommand } from '../../kit/add-command.ts';
import { ADMIN, ADMIN_COMMANDS } from './specs.ts';

export function registerAdmin(program: Command, { lang, context }: Registration): void {
  const admin = addCommand(program, ADMIN, lang);
  const guarded =
    <A extends unknown[]>(body: (ctx: CommandContext, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      const ctx = context();
      try {
        await body(ctx, ...args);
      } catch (error) {
        throw needsAdminTwoFactor(error) ? twoFactorNeeded(ctx, error) : failureFromError(ctx, error);
      }
    };

  addCommand(admin, ADMIN_COMMANDS.users, lang).action(
    guarded(async (ctx, options: { status?: AccountStatus; search?: string; page: number }) => {
      const answer = await ctx.client().admin.listUsers({
        pages: { page: options.page, pageSize: 50 },
        ...(options.status ? { status: options.status } : {}),
        ...(options.search ? { searchString: options.search } : {}),
      });
      ctx.print(answer, () =>
        [
          table(
            ['id', 'email', 'name', 'role', 'status', 'created'],
            answer.items.map((u) => [u.id, u.email, u.userName, u.role, u.status, u.createdAt.slice(0, 16)]),
          ),
          ctx.t('adminTotal', { shown: answer.items.length, total: answer.total }),
        ].join('\n'),
      );
    }),
  );

  addCommand(admin, ADMIN_COMMANDS.approve, lang).action(
    guarded(async (ctx, who: string) =>
      done(ctx, await ctx.client().admin.approveUser({ userId: await resolve(ctx, who) })),
    ),
  );
  addCommand(admin, ADMIN_COMMANDS.ban, lang).action(
    guarded(async (ctx, who: string, options: { reason?: string }) =>
      done(
        ctx,
        await ctx.client().admin.banUser({
          userId: await resolve(ctx, who),
          ...(options.reason ? { reason: options.reason } : {}),
        }),
      ),
    ),
  );
  addCommand(admin, ADMIN_COMMANDS.unban, lang).action(
    guarded(async (ctx, who: string) =>
      done(ctx, await ctx.client().admin.unbanUser({ userId: await resolve(ctx, who) })),
    ),
  );
  addCommand(admin, ADMIN_COMMANDS.endSessions, lang).action(
    guarded(async (ctx, who: string) => {
      const answer = await ctx.client().admin.endUserSessions({ userId: await resolve(ctx, who) });
      ctx.print(answer, () => ctx.t('adminSessionsEnded', { who, ended: answer.ended }));
    }),
  );

  addCommand(admin, ADMIN_COMMANDS.outbox, lang).action(
    guarded(async (ctx, options: { limit: number }) => {
      const answer = await ctx.client().admin.listOutbox({ limit: options.limit });
      ctx.print(answer, () =>
        answer.items.length
          ? answer.items
              .map(
                (m) =>
                  `${m.createdAt.slice(0, 19).replace('T', ' ')}  ${m.recipient}  ${m.subject}${m.link ? `\n  ${m.link}` : ''}`,
              )
              .join('\n')
          : ctx.t('outboxEmpty'),
      );
    }),
  );

  addCommand(admin, ADMIN_COMMANDS.leases, lang).action(
    guarded(async (ctx) => {
      const answer = await ctx.client().admin.listLeases({});
      const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '-');
      ctx.print(answer, () =>
        answer.items.length
          ? table(
              ['kind', 'what', 'owner', 'since', 'expires'],
              answer.items.map((lease) => [
                lease.kind,
                lease.what,
                lease.owner ? `${lease.owner.host ?? '?'}:${lease.owner.pid ?? '?'}` : '-',
                time(lease.since),
                time(lease.expiresAt),
              ]),
            )
          : ctx.t('leasesNone'),
      );
    }),
  );
}

/**
 * The server refused because this administrator has no authenticator app: its message says why, the next line
 * where to turn the app on (the web app is served from the same address as the API).
 */
function twoFactorNeeded(ctx: CommandContext, error: ApiError): CliFailure {
  const url = `${ctx.serverUrl.replace(/\/+$/, '')}${SECURITY_SETTINGS_PATH}`;
  const text = `${error.message}\n${ctx.t('adminTwoFactorHint', { url })}`;
  return new CliFailure(text, ExitCode.Error, {
    error: error.message,
    resultCode: error.resultCode,
    traceId: error.traceId,
    details: error.errorDetails,
    settingsUrl: url,
  });
}

/** Accepts a user id or an e-mail address. */
async function resolve(ctx: CommandContext, who: string): Promise<string> {
  if (!who.includes('@')) return who;
  const email = who.trim().toLowerCase();
  const found = await ctx.client().admin.listUsers({ pages: { page: 1, pageSize: 10 }, searchString: email });
  const user = found.items.find((u) => u.email === email);
  if (!user)
    throw new CliFailure(ctx.t('adminUserNotFound', { email }), ExitCode.Error, { error: 'not-found' });
  return user.id;
}

function done(ctx: CommandContext, user: AdminUser): void {
  ctx.print(user, () => ctx.t('adminDone', { email: user.email, status: user.status }));
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}
