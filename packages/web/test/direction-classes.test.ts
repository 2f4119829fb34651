// @vitest-environment node
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, WEB_SOURCES } from './helpers/source-files.ts';

/**
 * The panel mirrors for right-to-left reading (docs/web.md): every horizontal margin, padding, alignment and offset
 * uses Tailwind's logical classes (`ms-`, `me-`, `ps-`, `pe-`, `text-start`, `start-0` …), which flip with `dir`.
 * A physical one (`ml-2`, `text-left`, `left-0`) stays put and breaks the mirrored layout.
 */
const PHYSICAL =
  /(?<![\w-])-?(?:ml|mr|pl|pr|left|right|rounded-[lr]|border-[lr]|text-left|text-right|space-x)(?:-[\w./[\]]+)?(?![\w-])/g;

/** Physical classes that read the same both ways, each with the reason. */
const SYMMETRIC: Record<string, string> = {
  'left-1/2': 'centres with -translate-x-1/2: the same spot in either direction',
};

/** The class names written in a file: the string literals of `className` values and class helpers. */
function classTokens(text: string): string[] {
  const literals = text.match(/(["'`])(?:(?!\1)[^\\\n]|\\.)*\1/g) ?? [];
  return literals
    .map((literal) => literal.slice(1, -1))
    .filter((value) =>
      /(?:^|\s)(?:flex|grid|text-|bg-|px-|py-|rounded|border|absolute|btn|input|m[trblxyse]?-)/.test(value),
    )
    .flatMap((value) => value.split(/\s+/));
}

describe('direction-aware classes', () => {
  it('finds a physical class in a class string (the check can fail)', () => {
    expect(
      classTokens('<div className="me-2 ml-2 text-left left-1/2" />').filter((t) => t.match(PHYSICAL)),
    ).toEqual(['ml-2', 'text-left', 'left-1/2']);
  });

  it('uses only logical horizontal classes in the panel, so right-to-left mirrors every screen', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      for (const token of classTokens(readFileSync(file, 'utf8'))) {
        const bare = token.replace(/^(?:[\w-]+:)+/, '');
        if (PHYSICAL.test(bare) && !(bare in SYMMETRIC))
          found.push(`${relative(WEB_SOURCES, file)}: ${token}`);
        PHYSICAL.lastIndex = 0;
      }
    }
    expect(found).toEqual([]);
  });
});
