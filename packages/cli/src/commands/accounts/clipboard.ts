import { spawn } from 'node:child_process';
import { findProgram } from '../../kit/find-program.ts';

interface ClipboardTool {
  command: string;
  args: string[];
}

/** The clipboard programs tried, in order: Wayland, X11 (xclip, xsel), macOS, Windows and WSL. */
function candidates(env: NodeJS.ProcessEnv): ClipboardTool[] {
  const tools: ClipboardTool[] = [];
  if (env.WAYLAND_DISPLAY) tools.push({ command: 'wl-copy', args: [] });
  tools.push(
    { command: 'xclip', args: ['-selection', 'clipboard'] },
    { command: 'xsel', args: ['--clipboard', '--input'] },
    { command: 'pbcopy', args: [] },
    { command: 'clip.exe', args: [] },
  );
  return tools;
}

/** The first clipboard program found on PATH, or null when there is none. */
export function findClipboardTool(env: NodeJS.ProcessEnv): ClipboardTool | null {
  for (const tool of candidates(env)) {
    const command = findProgram(tool.command, env);
    if (command) return { ...tool, command };
  }
  return null;
}

/** Hands the text to the tool on stdin; resolves when it exits 0. */
export function copyWith(tool: ClipboardTool, text: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.command, tool.args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    // A tool that exits early reports through its exit code; the broken pipe adds nothing.
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(stderr.trim() || `exit code ${code}`));
    });
    child.stdin.end(text);
  });
}
