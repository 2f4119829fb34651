import packageJson from '../package.json' with { type: 'json' };

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Scripts ask for the version often: it is answered before the commands load.
  process.stdout.write(`${packageJson.version}\n`);
} else {
  const { run } = await import('./program.ts');
  process.exitCode = await run(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    // The line editor loads only when a question is asked.
    prompt: async (question, options) =>
      (await import('./kit/terminal-prompt.ts')).terminalPrompt(question, options),
    stdin: process.stdin,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
  });
}
