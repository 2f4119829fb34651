import { stripVTControlCharacters } from 'node:util';

// Made on first use: building a segmenter loads ICU data, which commands that print no table never need.
let graphemes: Intl.Segmenter | undefined;

/**
 * How many terminal columns a text takes: East Asian wide characters (CJK, Hangul, full-width forms) and emoji
 * take two, combining marks and zero-width characters none, escape sequences none. Counted per grapheme, so a
 * flag, a skin-toned or a joined emoji is one picture of two columns.
 */
export function displayWidth(text: string): number {
  let width = 0;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(stripVTControlCharacters(text))) width += clusterWidth(segment);
  return width;
}

/** Pads a text with spaces to a display width (String.padEnd counts UTF-16 units). */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

function clusterWidth(cluster: string): number {
  const first = cluster.codePointAt(0) ?? 0;
  if (first < 0x20 || (first >= 0x7f && first < 0xa0)) return 0;
  if (/^[\p{Mn}\p{Me}\p{Cf}]+$/u.test(cluster)) return 0;
  if (/\p{Regional_Indicator}/u.test(cluster)) return 2;
  if (
    /\p{Emoji_Presentation}/u.test(cluster) ||
    (/\p{Extended_Pictographic}/u.test(cluster) && cluster.includes('\uFE0F'))
  )
    return 2;
  return isWide(first) ? 2 : 1;
}

/** East Asian Wide and Fullwidth blocks. */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1b000, 0x1b2ff],
  [0x20000, 0x3fffd],
];

const isWide = (codePoint: number) => WIDE.some(([from, to]) => codePoint >= from && codePoint <= to);
