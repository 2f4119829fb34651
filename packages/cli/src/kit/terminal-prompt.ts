import { clearLine, cursorTo, emitKeypressEvents, moveCursor } from 'node:readline';
import { PromptCancelled } from '../exit-codes.ts';
import type { Prompt } from '../session.ts';
import { applyKey, emptyLine, type Key, type LineState } from './line-editor.ts';
import { displayWidth } from './width.ts';

/**
 * Asks on the terminal (the question on stderr). On a terminal the line is edited with the usual keys (see
 * `applyKey`); hidden input (passwords, codes) echoes nothing. Without a terminal one line of standard input is
 * the answer, for scripts that pipe it.
 */
export const terminalPrompt: Prompt = (question, options = {}) => {
  if (process.stdin.isTTY) return editLine(question, Boolean(options.hidden));
  process.stderr.write(question);
  return readPipedLine();
};

function editLine(question: string, hidden: boolean): Promise<string> {
  const stdin = process.stdin;
  const out = process.stderr;
  return new Promise((resolve, reject) => {
    let state: LineState = emptyLine;
    const draw = () => {
      if (hidden) return;
      cursorTo(out, 0);
      clearLine(out, 1);
      out.write(question + state.chars.join(''));
      moveCursor(out, -displayWidth(state.chars.slice(state.cursor).join('')), 0);
    };
    const onKey = (_text: string | undefined, key: Key | undefined) => {
      const result = applyKey(state, key ?? {});
      if (result.kind === 'edit') {
        state = result.state;
        draw();
        return;
      }
      stdin.off('keypress', onKey);
      stdin.setRawMode(false);
      stdin.pause();
      out.write('\n');
      if (result.kind === 'submit') resolve(result.value);
      else reject(new PromptCancelled());
    };
    // Raw mode first: keys typed as soon as the question shows must not reach the terminal's own line editing.
    emitKeypressEvents(stdin);
    stdin.setRawMode(true);
    stdin.on('keypress', onKey);
    stdin.resume();
    out.write(question);
  });
}

function readPipedLine(): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve) => {
    let data = '';
    const onData = (chunk: Buffer) => {
      data += chunk.toString('utf8');
      const newline = data.indexOf('\n');
      if (newline >= 0) {
        stdin.off('data', onData);
        stdin.pause();
        resolve(data.slice(0, newline).replace(/\r$/, ''));
      }
    };
    stdin.on('data', onData);
    stdin.once('end', () => resolve(data));
    stdin.resume();
  });
}
