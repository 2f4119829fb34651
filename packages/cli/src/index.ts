import packageJson from '../package.json' with { type: 'json' };

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Scripts ask for the version often: it is answered before the commands load.
  process.stdout.write(`${packageJson.version}\n`);
} else {
  const [{ run }, { terminalPrompt }] = await Promise.all([
    import('./program.ts'),
    import('./kit/terminal-prompt.ts'),
  ]);
  process.exitCode = await run(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    prompt: terminalPrompt,
    stdin: process.stdin,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
  });
}
