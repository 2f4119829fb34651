/**
 * Measures and checks JSON bodies. These functions run on the event loop for small bodies and, as their own source
 * text, in the body parser's worker thread for large ones (json-parse-pool.ts): they must stay self-contained
 * (no imports, no helpers, plain JavaScript operations only).
 */

export type JsonShapeRefusal = 'depth' | 'values';

/**
 * Whether JSON text nests deeper than `maxDepth` or holds more than `maxValues` values, in one pass over the text
 * (no allocation; it need not be valid JSON). Values are counted as containers, strings (keys included) and
 * commas, so a wide array of numbers counts each number.
 */
export function jsonShapeRefusal(text: string, maxDepth: number, maxValues: number): JsonShapeRefusal | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      if (++values > maxValues) return 'values';
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'depth';
      if (++values > maxValues) return 'values';
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && ++values > maxValues) return 'values';
  }
  return null;
}

/**
 * Whether parsed JSON holds a key that could reach an object's prototype: `__proto__`, or `constructor` with a
 * `prototype` inside (the checks Fastify's own parser makes, refusing such bodies).
 */
export function hasPoisonedKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push(item[i]);
      continue;
    }
    const record = item as Record<string, unknown>;
    if (Object.hasOwn(record, '__proto__')) return true;
    const ctor = Object.hasOwn(record, 'constructor') ? record.constructor : undefined;
    if (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) return true;
    for (const key in record) if (Object.hasOwn(record, key)) stack.push(record[key]);
  }
  return false;
}
