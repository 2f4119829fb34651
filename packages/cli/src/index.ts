import packageJson from '../package.json' with { type: 'json' };
import type { Io } from './context.ts';
import { directLine } from './direct.ts';
import { DIRECT_COMMANDS } from './direct-commands.ts';

// A reader that closed the pipe (`… | head`) has what it wanted: the command ends quietly, as gh and git do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Scripts ask for the version often: it is answered before the commands load.
  process.stdout.write(`${packageJson.version}\n`);
} else {
  const io: Io = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    // The line editor loads only when a question is asked.
    prompt: async (question, options) =>
      (await import('./kit/terminal-prompt.ts')).terminalPrompt(question, options),
    // Standard input is opened when a command reads it or asks a question (a few milliseconds otherwise).
    get stdin() {
      return process.stdin;
    },
    get interactive() {
      return Boolean(process.stdin.isTTY && process.stderr.isTTY);
    },
    ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
  };
  // A plain line of a direct command (`accounts code <login>`) runs from a build of its own, without the
  // rest of the CLI; every other line goes to commander.
  const direct = directLine(argv, DIRECT_COMMANDS)
    ? await (await import('./direct-run.ts')).runDirect(argv, io)
    : null;
  const code = direct ?? (await (await import('./program.ts')).run(argv, io));
  // The command is done once it returns: what it wrote is flushed and the process ends, even when a library still
  // holds the terminal (Ink re-arms its key reader in an effect that can run after the view is gone).
  await Promise.all(
    [process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))),
  );
  process.exit(code);
}
