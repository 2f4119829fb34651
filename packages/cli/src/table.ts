import { displayWidth, padToWidth } from './kit/width.ts';

/** Plain-text tables: aligned columns on a terminal, tab-separated fields when piped (for cut and awk). */
export function renderTable(head: readonly string[], rows: readonly string[][], aligned: boolean): string {
  if (!aligned) return [head, ...rows].map((cells) => cells.map(oneLine).join('\t')).join('\n');
  // Columns are measured in terminal cells: a CJK login or an emoji tag takes two.
  const widths = head.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(oneLine(r[i] ?? '')))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => padToWidth(oneLine(c), widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
