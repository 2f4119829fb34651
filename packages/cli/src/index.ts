import { run } from './program.ts';
import { terminalPrompt } from './session.ts';

const code = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  prompt: terminalPrompt,
  stdin: process.stdin,
  interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
});
process.exitCode = code;
