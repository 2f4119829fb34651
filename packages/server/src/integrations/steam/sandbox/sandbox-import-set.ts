/**
 * Writes a set of sandbox accounts to import (for `pnpm demo` and manual trials): one maFile per account,
 * named by SteamID as SDA names them, and `accounts.txt` with the `login:password` lines. The failure-case
 * accounts are included on request, so every add reason can be produced from the wizard or the CLI.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type SandboxAccount, SandboxWorld, sandboxAccountLine, sandboxMafileText } from './sandbox-world.ts';

export interface SandboxImportSetOptions {
  healthy: number;
  includeFailureCases: boolean;
  /** The trading failure-case accounts too (they sign in normally and fail at trading). */
  includeTradeCases?: boolean;
  world?: SandboxWorld;
}

export interface SandboxImportSet {
  mafileDir: string;
  linesFile: string;
  accounts: SandboxAccount[];
}

export async function writeSandboxImportSet(
  dir: string,
  options: SandboxImportSetOptions,
): Promise<SandboxImportSet> {
  const world = options.world ?? new SandboxWorld();
  const accounts = [
    ...world.healthyAccounts(options.healthy),
    ...(options.includeFailureCases ? world.caseAccounts() : []),
    ...(options.includeTradeCases ? world.tradeCaseAccounts() : []),
  ];
  const mafileDir = join(dir, 'maFiles');
  await mkdir(mafileDir, { recursive: true });
  await Promise.all(
    accounts.map((account) =>
      writeFile(join(mafileDir, `${account.steamId}.maFile`), sandboxMafileText(account, world.seed)),
    ),
  );
  const linesFile = join(dir, 'accounts.txt');
  await writeFile(linesFile, `${accounts.map(sandboxAccountLine).join('\n')}\n`);
  return { mafileDir, linesFile, accounts };
}
