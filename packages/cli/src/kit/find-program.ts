import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The full path of an executable program found on PATH, or null when no directory of PATH has it. */
export function findProgram(command: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // Not in this directory.
    }
  }
  return null;
}
