import type { HttpMethod } from './operation.ts';

// Free of schemas: the client builds its requests with these without loading zod (see `routes.ts`).

/** Path parameter names of an operation path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]!);
}

/** Whether the operation's input travels in the query string rather than a JSON body. */
export function inputInQuery(method: HttpMethod): boolean {
  return method === 'GET' || method === 'DELETE';
}
