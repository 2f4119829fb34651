/** Plain-text tables: aligned columns on a terminal, tab-separated fields when piped (for cut and awk). */
export function renderTable(head: readonly string[], rows: readonly string[][], aligned: boolean): string {
  if (!aligned) return [head, ...rows].map((cells) => cells.map(oneLine).join('\t')).join('\n');
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => oneLine(c).padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
