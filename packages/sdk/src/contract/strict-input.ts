import { z } from 'zod';

/**
 * A copy of an operation's input schema in which every object refuses keys it does not name, at every depth: a
 * caller's `userId` on an operation that takes none is a validation error naming the field, never silently
 * dropped. Objects that declare their own rest (`catchall`, `looseObject`) keep it; records keep any key by
 * nature. The two sides of an intersection each see only part of the keys, so they are left as declared.
 */
export function strictInput<T extends z.ZodType>(schema: T): T {
  return rewrite(schema, new Map()) as T;
}

type Node = z.core.$ZodType;
// biome-ignore lint/suspicious/noExplicitAny: a schema's definition differs per kind; read by kind below.
type Def = any;

function rewrite(schema: Node, seen: Map<Node, Node>): Node {
  const known = seen.get(schema);
  if (known) return known;
  // A schema that refers back to itself (through `z.lazy`) resolves to the copy made so far.
  seen.set(schema, schema);
  const copy = rewriteNode(schema, seen);
  seen.set(schema, copy);
  return copy;
}

function rewriteNode(schema: Node, seen: Map<Node, Node>): Node {
  const def: Def = schema._zod.def;
  const inner = (child: Node) => rewrite(child, seen);
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, Node>).map(([key, child]) => [key, inner(child)]),
      );
      const catchall = def.catchall === undefined ? z.never() : inner(def.catchall);
      return clone(schema, { ...def, shape, catchall });
    }
    case 'array':
      return clone(schema, { ...def, element: inner(def.element) });
    case 'tuple':
      return clone(schema, {
        ...def,
        items: (def.items as Node[]).map(inner),
        rest: def.rest ? inner(def.rest) : def.rest,
      });
    case 'record':
      return clone(schema, { ...def, valueType: inner(def.valueType) });
    case 'union':
      return clone(schema, { ...def, options: (def.options as Node[]).map(inner) });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return clone(schema, { ...def, innerType: inner(def.innerType) });
    case 'pipe':
      return clone(schema, { ...def, in: inner(def.in), out: inner(def.out) });
    case 'lazy': {
      const getter = def.getter as () => Node;
      const { _cachedInner: _dropped, ...rest } = def;
      return clone(schema, { ...rest, getter: () => inner(getter()) });
    }
    default:
      // Leaves (strings, numbers, enums ...) and intersections keep their identity.
      return schema;
  }
}

function clone(schema: Node, def: Def): Node {
  const copy = new schema._zod.constr(def);
  // Descriptions and other metadata (the manifest reads them) are registered per instance.
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}
