import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { toPalettePng } from './png8.ts';

/** The README's screenshots, rewritten by a run with `UPDATE_SCREENSHOTS=1` (one per area, 1280x800 PNG). */
const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
export const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 };

/** Writes the page as `docs/screenshots/<name>.png` when screenshots are being updated. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!UPDATE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Nothing blinking or half-animated in a picture.
  await page.mouse.move(0, 0);
  const path = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path, animations: 'disabled' });
  // 256 colours are plenty for the panel's flat colours and keep each picture small in the repository.
  toPalettePng(path);
}

/** The 8 terminal colours; the bright ones are the same but for black and white. */
const COLOURS = ['#1e1e2e', '#f38ba8', '#a6e3a1', '#f9e2af', '#89b4fa', '#f5c2e7', '#94e2d5', '#bac2de'];
const PALETTE = [...COLOURS, '#585b70', ...COLOURS.slice(1, 7), '#cdd6f4'];

/** One of xterm's 256 colours. */
function color256(n: number): string {
  if (n < 16) return PALETTE[n]!;
  if (n >= 232) {
    const level = 8 + (n - 232) * 10;
    return `rgb(${level},${level},${level})`;
  }
  const steps = [0, 95, 135, 175, 215, 255];
  const i = n - 16;
  return `rgb(${steps[Math.floor(i / 36)]},${steps[Math.floor(i / 6) % 6]},${steps[i % 6]})`;
}

interface Style {
  fg: string | null;
  bg: string | null;
  bold: boolean;
  dim: boolean;
  inverse: boolean;
  underline: boolean;
}

/** Applies one SGR sequence's parameters to the current style. */
function applySgr(style: Style, codes: number[]): void {
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code === 0)
      Object.assign(style, { fg: null, bg: null, bold: false, dim: false, inverse: false, underline: false });
    else if (code === 1) style.bold = true;
    else if (code === 2) style.dim = true;
    else if (code === 4) style.underline = true;
    else if (code === 7) style.inverse = true;
    else if (code === 22) Object.assign(style, { bold: false, dim: false });
    else if (code === 24) style.underline = false;
    else if (code === 27) style.inverse = false;
    else if (code >= 30 && code <= 37) style.fg = PALETTE[code - 30]!;
    else if (code >= 90 && code <= 97) style.fg = PALETTE[code - 90 + 8]!;
    else if (code >= 40 && code <= 47) style.bg = PALETTE[code - 40]!;
    else if (code >= 100 && code <= 107) style.bg = PALETTE[code - 100 + 8]!;
    else if (code === 39) style.fg = null;
    else if (code === 49) style.bg = null;
    else if ((code === 38 || code === 48) && codes[i + 1] === 5) {
      style[code === 38 ? 'fg' : 'bg'] = color256(codes[i + 2] ?? 0);
      i += 2;
    } else if ((code === 38 || code === 48) && codes[i + 1] === 2) {
      style[code === 38 ? 'fg' : 'bg'] = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
      i += 4;
    }
  }
}

const ESC = String.fromCharCode(27);
const SGR_PARTS = new RegExp(`(${ESC}\\[[0-9;]*m)`);
const SGR = new RegExp(`^${ESC}\\[([0-9;]*)m$`);
/** A capture without its colours. */
export const plainText = (capture: string) =>
  capture
    .split(SGR_PARTS)
    .filter((part) => !SGR.test(part))
    .join('');

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A tmux capture with colours (`capture-pane -e`) as HTML spans. */
export function terminalHtml(capture: string): string {
  const style: Style = { fg: null, bg: null, bold: false, dim: false, inverse: false, underline: false };
  let html = '';
  for (const part of capture.split(SGR_PARTS)) {
    const sgr = SGR.exec(part);
    if (sgr) {
      applySgr(style, (sgr[1] || '0').split(';').map(Number));
      continue;
    }
    if (part === '') continue;
    const fg = style.inverse ? (style.bg ?? PALETTE[0]) : style.fg;
    const bg = style.inverse ? (style.fg ?? PALETTE[15]) : style.bg;
    const css = [
      fg ? `color:${fg}` : '',
      bg ? `background:${bg}` : '',
      style.bold ? 'font-weight:700' : '',
      style.dim ? 'opacity:.65' : '',
      style.underline ? 'text-decoration:underline' : '',
    ]
      .filter(Boolean)
      .join(';');
    // A full block fills its cell with the colour it is drawn in, as a terminal does (a font leaves gaps).
    const text = escapeHtml(part).replace(
      /█+/g,
      (blocks) => `<span style="background:${fg ?? PALETTE[15]}">${' '.repeat(blocks.length)}</span>`,
    );
    html += css ? `<span style="${css}">${text}</span>` : text;
  }
  return html;
}

/** Shows a terminal capture in the page, as a terminal window would, and writes it as a screenshot. */
export async function terminalScreenshot(page: Page, capture: string, name: string): Promise<void> {
  if (!UPDATE_SCREENSHOTS) return;
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:#11111b;height:100vh;display:flex;align-items:center;justify-content:center">
<pre style="margin:0;padding:20px 24px;background:#1e1e2e;color:#cdd6f4;border-radius:10px;font:14px/1.35 'DejaVu Sans Mono',monospace;box-shadow:0 8px 30px #0008">${terminalHtml(capture.trimEnd())}</pre></body></html>`,
  );
  await screenshot(page, name);
}
