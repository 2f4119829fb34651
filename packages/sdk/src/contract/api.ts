import type { z } from 'zod';
import type { Contract } from './index.ts';
import type { Operation } from './operation.ts';
import { type Route, routes } from './routes.ts';

declare const operationType: unique symbol;

/**
 * An operation's route (address and switches) that carries the operation's input and output types but not its
 * schemas: calling through it types the call as the contract does while loading neither zod nor the area's schemas.
 */
export type TypedRoute<Op extends Operation = Operation> = Route & { readonly [operationType]?: Op };

/** Something the client can call: an operation of the contract, or its typed route. */
export type Callable = Operation | TypedRoute;

/** The contract operation behind a callable. */
export type OperationOf<C> = C extends Operation
  ? C
  : C extends { readonly [operationType]?: infer Op extends Operation }
    ? Op
    : never;

export type CallableInput<C> = z.input<OperationOf<C>['input']>;
export type CallableOutput<C> = z.output<OperationOf<C>['output']>;

/** Every operation of the contract as a typed route, keyed like `contract` (`api.proxies.query`). */
export type Api = {
  readonly [Area in keyof Contract]: {
    readonly [Name in keyof Contract[Area]]: Contract[Area][Name] extends Operation
      ? TypedRoute<Contract[Area][Name]>
      : never;
  };
};

/**
 * The web app's view of the API: the generated route table typed by the contract. A screen that calls through it
 * loads no schemas, so an area's schemas load only with what parses them (its live events, its forms).
 */
export const api = routes as unknown as Api;
