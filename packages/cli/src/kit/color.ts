/**
 * Colour follows https://no-color.org: `NO_COLOR` set to anything but the empty string turns colour off, unless
 * `FORCE_COLOR` asks for it. Ink's colour library does not read `NO_COLOR` itself, so it is told through
 * `FORCE_COLOR=0` before it loads.
 */
export function colorWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return !env.NO_COLOR;
}

/** Makes the process' colour libraries follow `colorWanted` (call before Ink or chalk is imported). */
export function applyColorChoice(env: NodeJS.ProcessEnv): void {
  if (!colorWanted(env) && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '0';
}
