/**
 * Drops named files from a ustar archive (as PGlite's `dumpDataDir('none')` writes it): 512-byte headers, each
 * followed by its contents padded to 512 bytes, ended by empty blocks.
 */
const BLOCK = 512;

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString('utf8');
}

/** The entry's path without a leading slash: ustar prefix and name joined. */
function entryPath(header: Uint8Array): string {
  const name = text(header.subarray(0, 100));
  const prefix = text(header.subarray(345, 500));
  return (prefix ? `${prefix}/${name}` : name).replace(/^\/+/, '');
}

export function withoutFiles(tar: Uint8Array, drop: (path: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!drop(entryPath(header))) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(new Uint8Array(BLOCK * 2));
  return Buffer.concat(kept);
}

/** The paths of an archive's entries (tests and the restore's check). */
export function entryPaths(tar: Uint8Array): string[] {
  const paths: string[] = [];
  withoutFiles(tar, (path) => {
    paths.push(path);
    return true;
  });
  return paths;
}
