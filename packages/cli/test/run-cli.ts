import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../src/program.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tradedeck` in process with captured output and its own settings directory. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { TRADEDECK_CONFIG_DIR: freshConfigDir(), LANG: 'C.UTF-8', ...env },
  });
  return { code, stdout, stderr };
}

export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'tradedeck-cli-'));
}
