import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../src/program.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `tradedeck` in process with captured output and its own settings directory. `answers`, when given, are
 * typed at the prompts in order (and the questions asked are kept in `prompts`); a function answers when asked
 * (a code mailed during the command).
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  answers?: Array<string | (() => Promise<string>)>,
  /** Piped into standard input (for `-` arguments). */
  stdin?: string,
): Promise<CliResult & { prompts: string[] }> {
  const prompts: string[] = [];
  const queue = [...(answers ?? [])];
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
    ...(stdin !== undefined ? { stdin: Readable.from([Buffer.from(stdin)]) } : {}),
    ...(answers
      ? {
          // Answers stand for a person at a terminal.
          interactive: true,
          prompt: async (question: string) => {
            prompts.push(question);
            const answer = queue.shift() ?? '';
            return typeof answer === 'string' ? answer : answer();
          },
        }
      : {}),
  });
  return { code, stdout, stderr, prompts };
}

export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'tradedeck-cli-'));
}
