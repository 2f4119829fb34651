// @vitest-environment node
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, WEB_SOURCES } from './helpers/source-files.ts';

// react-router's functional update starts from the last render and can drop a change made just before
// (`shared/url-params.ts`): every screen goes through the shared hook.
describe('one way to the URL parameters', () => {
  it("leaves react-router's useSearchParams to the shared hook alone", () => {
    const users = sourceFiles()
      .filter((file) => /\buseSearchParams\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(WEB_SOURCES, file));
    expect(users).toEqual(['shared/url-params.ts']);
  });
});
