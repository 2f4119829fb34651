import { describe, expect, it } from 'vitest';
import { firstVisitGroups, PANEL_PARTS, staticClosure } from '../build/entry-chunks.ts';

const SRC = '/repo/packages/web/src';
const REACT = '/repo/node_modules/react/index.js';
const ZOD = '/repo/node_modules/zod/index.js';

/** A module graph: each module's static and dynamic imports. */
function graph(edges: Record<string, { imports?: string[]; lazy?: string[] }>) {
  return {
    getModuleInfo: (id: string) =>
      id in edges
        ? {
            importedIds: [...(edges[id]!.imports ?? []), ...(edges[id]!.lazy ?? [])],
            dynamicallyImportedIds: edges[id]!.lazy ?? [],
          }
        : null,
  };
}

const app = graph({
  [`${SRC}/main.tsx`]: {
    imports: [`${SRC}/app/boot-error.ts`, `${SRC}/shared/safe-storage.ts`, `${SRC}/index.css`],
    lazy: [`${SRC}/app/landing-entry.tsx`, `${SRC}/app/panel-entry.tsx`],
  },
  [`${SRC}/app/landing-entry.tsx`]: { imports: [REACT, `${SRC}/i18n/language-switcher.tsx`] },
  [`${SRC}/app/panel-entry.tsx`]: { imports: [REACT, `${SRC}/shared/app-services.tsx`] },
  [`${SRC}/shared/app-services.tsx`]: { imports: [`${SRC}/shared/safe-storage.ts`], lazy: [ZOD] },
  [`${SRC}/layout/panel-layout.tsx`]: { imports: [`${SRC}/i18n/language-switcher.tsx`] },
  [`${SRC}/i18n/language-switcher.tsx`]: { imports: [REACT] },
});
const ids = [
  `${SRC}/main.tsx`,
  `${SRC}/app/boot-error.ts`,
  `${SRC}/shared/safe-storage.ts`,
  `${SRC}/index.css`,
  `${SRC}/app/landing-entry.tsx`,
  `${SRC}/app/panel-entry.tsx`,
  `${SRC}/shared/app-services.tsx`,
  `${SRC}/layout/panel-layout.tsx`,
  `${SRC}/i18n/language-switcher.tsx`,
  REACT,
  ZOD,
];

describe('the first visit downloads a few files', () => {
  it('follows static imports only: what a module loads lazily stays out', () => {
    expect([...staticClosure(app, `${SRC}/shared/app-services.tsx`)]).toEqual([
      `${SRC}/shared/app-services.tsx`,
      `${SRC}/shared/safe-storage.ts`,
    ]);
  });

  it("keeps the first module's own modules apart, so the download error can still show", () => {
    const { boot } = firstVisitGroups(app, ids);
    expect([...boot].sort()).toEqual([`${SRC}/app/boot-error.ts`, `${SRC}/shared/safe-storage.ts`]);
  });

  it("puts what the landing page shares with the panel's shell in one file, and nothing of the panel's own", () => {
    const { framework } = firstVisitGroups(app, ids);
    expect([...framework].sort()).toEqual([REACT, `${SRC}/i18n/language-switcher.tsx`]);
  });

  it("names the shell's parts: the entry, its services and the signed-in layout, not the pages", () => {
    expect(PANEL_PARTS.test(`${SRC}/app/panel-entry.tsx`)).toBe(true);
    expect(PANEL_PARTS.test(`${SRC}/shared/app-services.tsx`)).toBe(true);
    expect(PANEL_PARTS.test(`${SRC}/layout/panel-layout.tsx`)).toBe(true);
    expect(PANEL_PARTS.test(`${SRC}/features/proxies/proxies-page.tsx`)).toBe(false);
  });

  it('groups nothing when the ways in are missing (another build)', () => {
    expect(firstVisitGroups(app, [REACT])).toEqual({ boot: new Set(), framework: new Set() });
  });
});
