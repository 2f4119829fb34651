/** Splits pasted or uploaded text into meaningful lines: BOM and CR dropped, blanks and `#` comments skipped. */
import { stripBom } from './bytes.ts';

export interface TextLine {
  /** 1-based line number in the original text. */
  number: number;
  text: string;
}

export function meaningfulLines(content: string): TextLine[] {
  const lines: TextLine[] = [];
  stripBom(content)
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const text = raw.trim();
      if (text !== '' && !text.startsWith('#')) lines.push({ number: index + 1, text });
    });
  return lines;
}
