import type { Operation } from '@tradedeck/sdk/contract';
import { ResultCode } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import {
  bindOperation,
  type OperationHandler,
  type RequestContext,
  type StepUpWaiverCheck,
  type TextStreamBody,
} from './bind-operation.ts';
import type { ActiveWorkspace } from './request-scope.ts';

/**
 * The signed-in caller the authenticator put on the request (see the auth module), seen from the active workspace:
 * `userId` is the owning workspace's id (whose data the call reads and changes; the user's own id in the personal
 * workspace and for account operations), `actorId` the signed-in user, `workspace` the role and scope.
 */
export type Caller = NonNullable<FastifyRequest['auth']> & {
  readonly actorId: string;
  readonly workspace: ActiveWorkspace;
};

/** What a handler gets besides its input: a non-public operation's handler also gets the signed-in caller. */
export type HandlerContext<Op extends Operation> = Op['flags'] extends { readonly public: true }
  ? RequestContext
  : RequestContext & { readonly user: Caller };

export type Handler<Op extends Operation> = (
  input: z.output<Op['input']>,
  ctx: HandlerContext<Op>,
) => Promise<z.input<Op['output']> | TextStreamBody> | z.input<Op['output']> | TextStreamBody;

/** Operations of one area, keyed as in the contract. */
export type Area = Readonly<Record<string, Operation>>;

/** One handler per operation of the area: a missing or extra handler does not compile. */
export type Handlers<A extends Area> = { readonly [K in keyof A]: Handler<A[K]> };

/** Whether a call may skip the step-up its contract asks (`flags.stepUpWaiver`): see `StepUpWaiverCheck`. */
export type StepUpWaiver<Op extends Operation> = (
  input: z.output<Op['input']>,
  ctx: HandlerContext<Op>,
) => Promise<boolean>;

/** The server's waiver of each operation of the area flagged `stepUpWaiver` (binding fails without one). */
export type StepUpWaivers<A extends Area> = { readonly [K in keyof A]?: StepUpWaiver<A[K]> };

/** An area's operations with their handlers, ready to bind. */
export interface Implementation {
  readonly bind: (app: FastifyInstance) => void;
}

/** Implements every operation of an area with one typed object; `routes.ts` returns it, `index.ts` binds it. */
export function implement<A extends Area>(
  area: A,
  handlers: Handlers<A>,
  waivers: StepUpWaivers<A> = {},
): Implementation {
  return {
    bind(app) {
      for (const key of Object.keys(area) as (keyof A & string)[]) {
        const op: Operation = area[key]!;
        // Each handler was checked against its own operation above; here they are bound one by one.
        const handler = handlers[key] as unknown as OperationHandler<Operation>;
        const waiver = waivers[key] as unknown as StepUpWaiver<Operation> | undefined;
        const waive: StepUpWaiverCheck | undefined =
          waiver && ((input, ctx) => waiver(input, withCaller(ctx)));
        bindOperation(
          app,
          op,
          op.flags.public ? handler : (input, ctx) => handler(input, withCaller(ctx)),
          waive,
        );
      }
    },
  };
}

/** The operations of an area other than `keys`: for an area whose operations two modules implement. */
export function operationsExcept<A extends Area, K extends keyof A>(area: A, ...keys: K[]): Omit<A, K> {
  return Object.fromEntries(Object.entries(area).filter(([key]) => !keys.includes(key as K))) as Omit<A, K>;
}

/** The named operations of an area. */
export function operationsOf<A extends Area, K extends keyof A>(area: A, ...keys: K[]): Pick<A, K> {
  return Object.fromEntries(keys.map((key) => [key, area[key]])) as Pick<A, K>;
}

function withCaller(ctx: RequestContext): RequestContext & { user: Caller } {
  // The route's onRequest authenticated the caller; a missing one is a wiring fault, refused as unsigned.
  const auth = ctx.request.auth;
  const workspace = ctx.request.workspace;
  if (!auth || !workspace) throw new AppError({ code: ResultCode.Unauthorized });
  return { ...ctx, user: { ...auth, userId: workspace.ownerId, actorId: auth.userId, workspace } };
}
