import type { Plugin } from 'vite';

/**
 * Left to itself, the bundler cuts every module that a lazy page shares with the shell into a file of its own, so a
 * first visit downloaded its JavaScript in three dozen files, and small files compress worse than one
 * (docs/performance.md: the 200 KB first visit). This build keeps what a first visit needs in a few files:
 * - `boot`: the first module's own few (the language, the error shown when the app cannot be downloaded), which
 *   import nothing, so that error still shows when any of the files below fails to arrive;
 * - `framework`: what the landing page shares with the panel's shell (React, the texts engine, the language
 *   switch), which every visit downloads whichever way in it takes;
 * - `panel-entry`: the panel's shell, its services and the signed-in layout, which every panel page waits for.
 * Pages, dialogs, the live part and the schemas stay lazy and separate.
 */
const MAIN = /[\\/]src[\\/]main\.tsx$/;
const LANDING = /[\\/]src[\\/]app[\\/]landing-entry\.tsx$/;
/** The panel's own modules that go with its shell (each with what it uses): its services and the signed-in layout. */
export const PANEL_PARTS =
  /[\\/]src[\\/](app[\\/]panel-entry\.tsx|shared[\\/]app-services\.tsx|layout[\\/]panel-layout\.tsx)$/;

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module `from` reaches through static imports, itself included. */
export function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    // The bundler may list dynamic imports among `importedIds` too.
    const lazy = new Set(info?.dynamicallyImportedIds ?? []);
    todo.push(...(info?.importedIds ?? []).filter((next) => !lazy.has(next)));
  }
  return seen;
}

/** The `boot` and `framework` modules of a module graph (`ids`: every module of the build). */
export function firstVisitGroups(graph: ModuleGraph, ids: readonly string[]) {
  const main = ids.find((id) => MAIN.test(id));
  const landing = ids.find((id) => LANDING.test(id));
  if (!main || !landing) return { boot: new Set<string>(), framework: new Set<string>() };
  // Styles stay with the first module, where the page's stylesheet link points.
  const boot = new Set([...staticClosure(graph, main)].filter((id) => id !== main && !id.endsWith('.css')));
  const shell = new Set(
    ids.filter((id) => PANEL_PARTS.test(id)).flatMap((id) => [...staticClosure(graph, id)]),
  );
  const framework = new Set(
    [...staticClosure(graph, landing)].filter((id) => shell.has(id) && !boot.has(id)),
  );
  return { boot, framework };
}

export function entryChunks(): Plugin {
  let groups = firstVisitGroups({ getModuleInfo: () => null }, []);
  return {
    name: 'tradedeck-entry-chunks',
    apply: 'build',
    buildEnd() {
      groups = firstVisitGroups(this, [...this.getModuleIds()]);
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'boot', test: (id: string) => groups.boot.has(id), priority: 3 },
                { name: 'framework', test: (id: string) => groups.framework.has(id), priority: 2 },
                { name: 'panel-entry', test: PANEL_PARTS, priority: 1 },
              ],
            },
          },
        },
      },
    }),
  };
}
