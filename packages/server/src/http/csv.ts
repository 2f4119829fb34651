/** One CSV field: quoted when it holds a quote, a separator (comma or semicolon) or a line break. */
export function csvField(value: string): string {
  return /[",\n\r;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line of fields, ended. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\n`;
}
