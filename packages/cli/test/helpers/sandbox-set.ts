import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type SandboxImportSet,
  writeSandboxImportSet,
} from '../../../server/src/integrations/steam/sandbox/sandbox-import-set.ts';
import {
  SandboxWorld,
  sandboxAccountLine,
  sandboxMafileText,
} from '../../../server/src/integrations/steam/sandbox/sandbox-world.ts';

/**
 * Sandbox maFiles and `login:password` lines for `healthy` accounts plus the named failure cases. Cases are
 * chosen one by one: some (a rate limit) cool their proxy down; in the single and multiple modes later accounts
 * sent to that proxy become proxy errors (the distribute mode plans them on other proxies).
 */
export async function writeSandboxSet(
  dir: string,
  healthy: number,
  caseLogins: readonly string[],
): Promise<SandboxImportSet> {
  const world = new SandboxWorld();
  const set = await writeSandboxImportSet(dir, { healthy, includeFailureCases: false, world });
  for (const login of caseLogins) {
    const account = world.find(login);
    if (!account) throw new Error(`no sandbox case ${login}`);
    writeFileSync(join(set.mafileDir, `${account.steamId}.maFile`), sandboxMafileText(account, world.seed));
    appendFileSync(set.linesFile, `${sandboxAccountLine(account)}\n`);
    set.accounts.push(account);
  }
  return set;
}

/** The `accounts import` line of a set, spread over the proxies with `tag` (distribute mode). */
export function distributeImportArgs(set: SandboxImportSet, tag: string): string[] {
  const files = ['--mafiles', set.mafileDir, '--lines', set.linesFile];
  return ['accounts', 'import', ...files, '--mode', 'distribute', '--proxy-tag', tag];
}
