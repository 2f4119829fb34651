import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contract } from '../src/contract/index.ts';
import { type Route, routes } from '../src/contract/routes.ts';

const ROUTES_FILE = fileURLToPath(new URL('../src/contract/routes.ts', import.meta.url));

/** What the client needs of each operation: everything but its schemas. */
function routeOf(op: Route): Route {
  return {
    id: op.id,
    method: op.method,
    path: op.path,
    flags: { ...op.flags },
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    ...(op.responseBody ? { responseBody: op.responseBody } : {}),
  };
}

function expectedRoutes(): Record<string, Record<string, Route>> {
  return Object.fromEntries(
    Object.entries(contract).map(([area, operations]) => [
      area,
      Object.fromEntries(Object.entries(operations).map(([name, op]) => [name, routeOf(op as Route)])),
    ]),
  );
}

function renderRoutesFile(table: Record<string, Record<string, Route>>): string {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const marker = 'export const routes = ';
  const head = source.slice(0, source.indexOf(marker));
  // One line per operation, so a contract change shows as a one-line diff.
  const areas = Object.entries(table).map(
    ([area, operations]) =>
      `  ${area}: {\n${Object.entries(operations)
        .map(([name, route]) => `    ${name}: ${JSON.stringify(route)},\n`)
        .join('')}  },\n`,
  );
  return `${head}${marker}{\n${areas.join('')}} as const satisfies Record<string, Record<string, Route>>;\n`;
}

describe('routes', () => {
  it('list every operation of the contract with its method, path and flags, and nothing else', () => {
    const expected = expectedRoutes();
    // UPDATE_ROUTES=1 rewrites the table after a contract change (then format it with Biome).
    if (process.env.UPDATE_ROUTES === '1') writeFileSync(ROUTES_FILE, renderRoutesFile(expected));
    expect(JSON.parse(JSON.stringify(routes))).toEqual(expected);
  });

  it('load without zod or any area of the contract', () => {
    const imports = [
      ...readFileSync(ROUTES_FILE, 'utf8').matchAll(/^import\s+(type\s+)?[^;]*from '([^']+)'/gm),
    ];
    expect(imports.length).toBeGreaterThan(0);
    for (const [, typeOnly, from] of imports)
      expect({ from, typeOnly: Boolean(typeOnly) }).toEqual({ from, typeOnly: true });
  });
});
