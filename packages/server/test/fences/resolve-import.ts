import { existsSync, realpathSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The workspace's own compiler settings (tsconfig.base.json): bundler resolution of `.ts` specifiers. */
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/**
 * Resolves imports the way the type checker does, so a fence judges the file an import lands on, however the
 * specifier is spelled (`../x/../y`, a folder's index, a package name that is a workspace package).
 */
export function importResolver(root: string, host: ts.ModuleResolutionHost = ts.sys) {
  const cache = ts.createModuleResolutionCache(root, (name) => name, OPTIONS);
  const realRoot = realpathSync(root);
  /** The file an import lands on, relative to the root with forward slashes; null outside the workspace. */
  return (fromFile: string, specifier: string): string | null => {
    // Only relative imports and the workspace's own packages can land on a workspace file.
    if (!specifier.startsWith('.') && !specifier.startsWith('@tradedeck/')) return null;
    const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, OPTIONS, host, cache);
    // A stylesheet or another asset the bundler loads: the path itself, without a `?raw`-style query.
    const asset = specifier.startsWith('.')
      ? resolve(dirname(fromFile), specifier.replace(/\?.*$/, ''))
      : null;
    const found = resolvedModule?.resolvedFileName ?? (asset && existsSync(asset) ? asset : null);
    if (!found) return null;
    const real = host.realpath ? host.realpath(found) : found;
    const path = relative(realRoot, real).split(sep).join('/');
    return path.startsWith('..') || path.includes('node_modules/') ? null : path;
  };
}
