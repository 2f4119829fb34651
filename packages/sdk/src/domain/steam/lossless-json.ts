/**
 * JSON parsing that keeps 64-bit integers exact. maFiles carry SteamIDs (and ASF serial numbers) as bare
 * numbers above 2^53, which `JSON.parse` silently rounds. Before parsing, every integer literal outside a
 * string that is not a safe integer is wrapped in quotes, so it arrives as its exact decimal text.
 */

// A whole JSON string (skipped untouched) or an integer literal not glued to a fraction or exponent.
const STRING_OR_BIG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\d.eE])/g;

export function quoteUnsafeIntegers(text: string): string {
  if (!/\d{16}/.test(text)) return text;
  return text.replace(STRING_OR_BIG_INTEGER, (token) => {
    if (token.charCodeAt(0) === 34 /* " */) return token;
    return Number.isSafeInteger(Number(token)) ? token : `"${token}"`;
  });
}

/** Parses JSON with big integers kept as decimal strings. Throws SyntaxError like JSON.parse. */
export function parseJsonLossless(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text));
}
