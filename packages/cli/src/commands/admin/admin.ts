import { type ApiError, needsAdminTwoFactor } from '@tradedeck/sdk/client';
import { type AccountStatus, type AdminUser, SECURITY_SETTINGS_PATH } from '@tradedeck/sdk/contract';
import { type Command, InvalidArgumentError } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { failureFromError } from '../../failures.ts';
import { message } from '../../texts/message.ts';

const STATUSES = ['pendingConfirmation', 'pendingApproval', 'active', 'banned'];

export function registerAdmin(program: Command, { lang, context }: Registration): void {
  const admin = program.command('admin').description(message(lang, 'adminDescription'));
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

  admin
    .command('users')
    .description(message(lang, 'adminUsersDescription'))
    .option('--status <status>', message(lang, 'adminStatusOption'), (value) => {
      if (!STATUSES.includes(value)) throw new InvalidArgumentError(STATUSES.join(', '));
      return value;
    })
    .option('--search <text>', message(lang, 'adminSearchOption'))
    .option('--page <n>', message(lang, 'adminPageOption'), (v) => Number.parseInt(v, 10), 1)
    .action(
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
              answer.items.map((u) => [
                u.id,
                u.email,
                u.userName,
                u.role,
                u.status,
                u.createdAt.slice(0, 16),
              ]),
            ),
            ctx.t('adminTotal', { shown: answer.items.length, total: answer.total }),
          ].join('\n'),
        );
      }),
    );

  const action = (
    name: 'approve' | 'ban' | 'unban' | 'end-sessions',
    description: Parameters<typeof message>[1],
  ) => admin.command(`${name} <user>`).description(message(lang, description));
  action('approve', 'adminApproveDescription').action(
    guarded(async (ctx, who: string) =>
      done(ctx, await ctx.client().admin.approveUser({ userId: await resolve(ctx, who) })),
    ),
  );
  action('ban', 'adminBanDescription')
    .option('--reason <text>', message(lang, 'adminReasonOption'))
    .action(
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
  action('unban', 'adminUnbanDescription').action(
    guarded(async (ctx, who: string) =>
      done(ctx, await ctx.client().admin.unbanUser({ userId: await resolve(ctx, who) })),
    ),
  );
  action('end-sessions', 'adminEndSessionsDescription').action(
    guarded(async (ctx, who: string) => {
      const answer = await ctx.client().admin.endUserSessions({ userId: await resolve(ctx, who) });
      ctx.print(answer, () => ctx.t('adminSessionsEnded', { who, ended: answer.ended }));
    }),
  );

  admin
    .command('outbox')
    .description(message(lang, 'adminOutboxDescription'))
    .option('--limit <n>', message(lang, 'adminLimitOption'), (v) => Number.parseInt(v, 10), 20)
    .action(
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

  admin
    .command('leases')
    .description(message(lang, 'adminLeasesDescription'))
    .action(
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
