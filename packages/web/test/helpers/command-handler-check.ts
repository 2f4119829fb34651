import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A source file by its path under the checked folder, with its text. */
export interface SourceText {
  path: string;
  text: string;
}

/** Every .ts and .tsx file under `dir`, with its text. */
export function sourcesUnder(dir: string): SourceText[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path))
    .map((path) => ({ path: relative(dir, join(dir, path)), text: readFileSync(join(dir, path), 'utf8') }));
}

/** A handler fallen back to one that does nothing (`?? (() => {})`): a missing handler would pass unseen. */
const NO_OP_FALLBACK = /(\?\?|\|\|)\s*\(\s*\(\s*\)\s*=>\s*(\{\s*\}|undefined|void 0|null)\s*\)/;

export function noOpFallbacks(files: readonly SourceText[]): string[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, index) => (NO_OP_FALLBACK.test(line) ? [`${path}:${index + 1}`] : [])),
  );
}

/** An area's command sets by area name: `{ steamAccounts: ['screen', 'inventory', 'wizard'] }`. */
export type AreaSets = Readonly<Record<string, readonly string[]>>;

/** The sets no view supplies handlers for: no `useCommandHandlers('<area>', '<set>', …)` anywhere. */
export function unhandledSets(sets: AreaSets, files: readonly SourceText[]): string[] {
  const handled = new Set<string>();
  for (const { text } of files) {
    for (const match of text.matchAll(/useCommandHandlers\(\s*'([\w-]+)',\s*'([\w-]+)'/g))
      handled.add(`${match[1]}.${match[2]}`);
  }
  return Object.entries(sets).flatMap(([area, names]) =>
    names.map((set) => `${area}.${set}`).filter((id) => !handled.has(id)),
  );
}

/**
 * Area commands a view registers a handler for by hand (`commands.register('<area>.<name>', …)`), past its
 * manifest: a second handler that replaces the one the area declared while the view is mounted.
 */
export function registeredByHand(areaIds: ReadonlySet<string>, files: readonly SourceText[]): string[] {
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(/commands\.register\(\s*'([\w.-]+)'/g)]
      .filter((match) => areaIds.has(match[1]!))
      .map((match) => `${path}: ${match[1]}`),
  );
}

/** Shell commands with nothing to run whose id no source file names besides the list that declares them. */
export function shellCommandsWithoutHandler(
  ids: readonly string[],
  declaredIn: string,
  files: readonly SourceText[],
): string[] {
  return ids.filter((id) => !files.some(({ path, text }) => path !== declaredIn && text.includes(`'${id}'`)));
}
