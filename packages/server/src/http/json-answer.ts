import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Array items serialized per turn of the event loop: a few milliseconds of work each. */
export const ANSWER_SLICE = 2_000;
/** How deep an answer is searched for long arrays (the envelope, its data, the data's fields). */
const SEARCH_DEPTH = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Whether the answer holds an array longer than one slice near its top: serializing it at once holds the loop. */
export function isLongAnswer(value: unknown, depth = SEARCH_DEPTH): boolean {
  if (Array.isArray(value)) return value.length > ANSWER_SLICE;
  if (!isPlainObject(value) || depth === 0) return false;
  for (const key in value) if (isLongAnswer(value[key], depth - 1)) return true;
  return false;
}

/**
 * The JSON text of a value, piece by piece: the same text `JSON.stringify` gives, with long arrays written a slice
 * at a time and a turn of the event loop between slices, so a 100,000-row answer never holds the loop.
 */
export async function* jsonPieces(value: unknown, depth = SEARCH_DEPTH): AsyncGenerator<string> {
  if (Array.isArray(value) && value.length > ANSWER_SLICE) {
    for (let start = 0; start < value.length; start += ANSWER_SLICE) {
      if (start > 0) await nextTurn();
      yield (start === 0 ? '[' : ',') + JSON.stringify(value.slice(start, start + ANSWER_SLICE)).slice(1, -1);
    }
    yield ']';
    return;
  }
  if (depth > 0 && isPlainObject(value) && isLongAnswer(value, depth)) {
    let separator = '{';
    for (const key in value) {
      const item = value[key];
      // JSON.stringify leaves these keys out.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${separator}${JSON.stringify(key)}:`;
      separator = ',';
      yield* jsonPieces(item, depth - 1);
    }
    yield separator === '{' ? '{}' : '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}

/** A JSON answer body written as the socket takes it (see jsonPieces). */
export function jsonStream(value: unknown): Readable {
  return Readable.from(jsonPieces(value), { objectMode: false });
}

/** Answers their handlers give again unchanged, with their JSON envelope's bytes once written. */
const servedAgain = new WeakMap<object, Buffer | null>();

/**
 * Marks an answer its handler gives again, unchanged, to later calls (a kept page while nothing in it moved): the
 * dispatcher passes it through the output filter and serializes its envelope once, and sends those bytes again
 * (encoded once too: neither measured nor encoded per request).
 * The answer must not be changed after it is first returned.
 */
export function answerServedAgain<T extends object>(answer: T): T {
  if (!servedAgain.has(answer)) servedAgain.set(answer, null);
  return answer;
}

/** An answer marked by `answerServedAgain`: its envelope's JSON bytes when written already, else null. */
export function servedAgainBytes(answer: unknown): Buffer | null | undefined {
  return typeof answer === 'object' && answer !== null ? servedAgain.get(answer) : undefined;
}

/** Encodes and remembers the envelope of an answer marked by `answerServedAgain`; returns the bytes to send. */
export function rememberServedBytes(answer: object, envelope: unknown): Buffer {
  const bytes = Buffer.from(JSON.stringify(envelope));
  servedAgain.set(answer, bytes);
  return bytes;
}
