import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';

/**
 * Replaces a file in one step: written beside it, flushed, renamed over it, readable by its owner only. A process
 * killed at any moment leaves the old file or the new one, never a torn one.
 */
export function writeFileAtomically(path: string, data: string | Uint8Array): void {
  const next = `${path}.next`;
  const fd = openSync(next, 'w', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(next, path);
}
