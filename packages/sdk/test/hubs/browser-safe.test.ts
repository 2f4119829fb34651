import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../../src/hubs/', import.meta.url));

describe('sdk hub client', () => {
  it('imports nothing a browser lacks: only @microsoft/signalr and other sdk modules', () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const source = readFileSync(`${dir}${file}`, 'utf8');
      const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      for (const specifier of specifiers) {
        expect(
          specifier === '@microsoft/signalr' ||
            specifier.startsWith('./') ||
            /^\.\.\/(domain|client|contract)\//.test(specifier),
          `${file} imports ${specifier}`,
        ).toBe(true);
      }
      expect(source, file).not.toMatch(/\b(process|Buffer|require)\b[.(]/);
    }
  });
});
