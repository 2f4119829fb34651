import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import { ANSWER_SLICE, isLongAnswer } from './json-answer.ts';

/**
 * How an answer passes its operation's output schema. Both drop every field the contract does not name, so no
 * internal or secret column can leak:
 * - `full`: zod parses the whole answer (every check of the schema); a mismatch is a server fault (500);
 * - `strip`: a filter compiled once from the schema copies the named fields only and checks each leaf's kind
 *   (a string where a string is named, one of an enum's values, never an object where a primitive is named).
 *   Length, range and format checks are not repeated; an answer the filter cannot pass goes to the full parse.
 *   Parsing 50 rows of 20 fields with zod cost about as much as building the page's SQL.
 *
 * Tests and development run `full`, so a handler whose answer breaks its contract fails there; a server in
 * production runs `strip`. `TRADEDECK_OUTPUT_CHECK` sets either explicitly.
 */
export type OutputCheck = 'full' | 'strip';

export function outputCheck(env: NodeJS.ProcessEnv = process.env): OutputCheck {
  const explicit = env.TRADEDECK_OUTPUT_CHECK;
  if (explicit === 'full' || explicit === 'strip') return explicit;
  return env.NODE_ENV === 'test' || env.NODE_ENV === 'development' ? 'full' : 'strip';
}

/** The answer as the contract names it: `schema.parse`, or the compiled filter where the schema allows one. */
export function outputFilter<T extends z.ZodType>(
  schema: T,
  check: OutputCheck,
): (value: unknown) => z.output<T> {
  const parse = (value: unknown) => schema.parse(value) as z.output<T>;
  const filter = check === 'strip' ? compile(schema) : null;
  if (!filter) return parse;
  return (value) => {
    const result = filter(value);
    return result === MISMATCH ? parse(value) : (result as z.output<T>);
  };
}

/**
 * `outputFilter` for answers that may hold long lists: the long array fields of an object answer are checked a
 * slice at a time with a turn of the event loop between slices (a 100,000-row answer would hold the loop for
 * hundreds of milliseconds at once); everything else is checked as `outputFilter` does. An array with checks of
 * its own (length bounds) is always checked whole.
 */
export function outputFilterInSlices<T extends z.ZodType>(
  schema: T,
  check: OutputCheck,
): (value: unknown) => Promise<z.output<T>> {
  const whole = outputFilter(schema, check);
  const def = defOf(schema) as Def & { checks?: unknown[] };
  // Refinements of the whole object need it whole.
  if (def.type !== 'object' || def.catchall || def.checks?.length) return async (value) => whole(value);
  const fields = Object.entries(def.shape ?? {}).map(([key, field]) => {
    const fieldDef = defOf(field) as Def & { checks?: unknown[] };
    const sliced = fieldDef.type === 'array' && !fieldDef.checks?.length;
    return {
      key,
      whole: outputFilter(field, check),
      element: sliced ? outputFilter(fieldDef.element!, check) : null,
      optional: fieldDef.type === 'optional',
    };
  });
  return async (value) => {
    if (!isRecord(value) || !isLongAnswer(value)) return whole(value);
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const item = value[field.key];
      if (item === undefined && field.optional && !(field.key in value)) continue;
      out[field.key] =
        field.element && Array.isArray(item) && item.length > ANSWER_SLICE
          ? await inSlices(item, field.element)
          : field.whole(item);
    }
    return out as z.output<T>;
  };
}

async function inSlices(items: unknown[], check: (value: unknown) => unknown): Promise<unknown[]> {
  const out = new Array<unknown>(items.length);
  for (let start = 0; start < items.length; start += ANSWER_SLICE) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + ANSWER_SLICE);
    for (let i = start; i < end; i++) out[i] = check(items[i]);
  }
  return out;
}

/** A value the filter cannot pass: the full parse decides (and refuses it). */
const MISMATCH: unique symbol = Symbol('mismatch');
type Filter = (value: unknown) => unknown;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const same = (value: unknown) => value;
const leaf =
  (accepts: (value: unknown) => boolean): Filter =>
  (value) =>
    accepts(value) ? value : MISMATCH;

/**
 * The filter of a schema, or null for a schema it does not cover (transforms, defaults, lazy, intersections…):
 * such an operation always takes the full parse.
 */
export function compile(schema: z.ZodType): Filter | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return leaf((value) => typeof value === 'string');
    case 'number':
      return leaf((value) => typeof value === 'number' && Number.isFinite(value));
    case 'boolean':
      return leaf((value) => typeof value === 'boolean');
    case 'null':
      return leaf((value) => value === null);
    case 'any':
    case 'unknown':
      // zod passes these through unchanged as well.
      return same;
    case 'literal': {
      const values = new Set(def.values);
      return leaf((value) => values.has(value));
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return leaf((value) => values.has(value));
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return inner && ((value) => (value === undefined ? undefined : inner(value)));
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return inner && ((value) => (value === null ? null : inner(value)));
    }
    case 'array': {
      const element = compile(def.element!);
      return element && ((value) => (Array.isArray(value) ? mapAll(value, element) : MISMATCH));
    }
    case 'record': {
      if (defOf(def.keyType!).type !== 'string') return null;
      const item = compile(def.valueType!);
      return item && ((value) => (isRecord(value) ? recordOf(value, item) : MISMATCH));
    }
    case 'object':
      return def.catchall ? null : objectFilter(def.shape ?? {});
    case 'union': {
      const options = (def.options ?? []).map(compile);
      if (options.some((option) => option === null)) return null;
      // zod answers with the first option that passes; so does the filter.
      return (value) => {
        for (const option of options as Filter[]) {
          const result = option(value);
          if (result !== MISMATCH) return result;
        }
        return MISMATCH;
      };
    }
    default:
      return null;
  }
}

function objectFilter(shape: Record<string, z.ZodType>): Filter | null {
  const fields: [string, Filter, boolean][] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const filter = compile(schema);
    if (!filter) return null;
    fields.push([key, filter, defOf(schema).type === 'optional']);
  }
  return (value) => {
    if (!isRecord(value)) return MISMATCH;
    const out: Record<string, unknown> = {};
    for (const [key, filter, optional] of fields) {
      const field = value[key];
      // zod leaves an absent optional key absent.
      if (field === undefined && optional && !(key in value)) continue;
      const result = filter(field);
      if (result === MISMATCH) return MISMATCH;
      out[key] = result;
    }
    return out;
  };
}

function mapAll(values: unknown[], filter: Filter): unknown[] | typeof MISMATCH {
  const out = new Array<unknown>(values.length);
  for (let i = 0; i < values.length; i++) {
    const result = filter(values[i]);
    if (result === MISMATCH) return MISMATCH;
    out[i] = result;
  }
  return out;
}

function recordOf(value: Record<string, unknown>, filter: Filter): Record<string, unknown> | typeof MISMATCH {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const result = filter(value[key]);
    if (result === MISMATCH) return MISMATCH;
    out[key] = result;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
