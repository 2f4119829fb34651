import { Unzip, UnzipInflate } from 'fflate';

/**
 * Bounds on what one uploaded archive may expand to. The sizes count bytes actually inflated (never the sizes the
 * archive claims), so a zip bomb stops at the limit instead of filling memory. All archives of one upload also
 * share an {@link InflateBudget}.
 */
const ZIP_LIMITS = {
  /** Files inside one archive. */
  entries: 20_000,
  /** Inflated bytes of one entry; a larger entry is reported as too large and skipped (maFiles are ~2 KiB). */
  entrySize: 1024 * 1024,
  /** Inflated bytes of all entries of one archive together. */
  totalSize: 64 * 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** Inflated bytes all archives of one upload may still produce; `used` counts what they did produce. */
export interface InflateBudget {
  remaining: number;
  used: number;
}

export type ZipFailure = 'badArchive' | 'archiveTooLarge' | 'budgetSpent';

export type ZipReadResult =
  | { ok: true; entries: ZipEntry[]; oversized: string[]; skipped: string[] }
  | { ok: false; reason: ZipFailure };

/** Entries worth inflating: maFiles, manifests and text files (WinAuth exports); others are named, not read. */
const WANTED = /(\.mafile|(^|\/)manifest\.json|\.txt)$/i;

const PUSH_SLICE = 1024;

/** An archive with no entries is only its end-of-directory record. */
function isEmptyArchive(data: Uint8Array): boolean {
  return data[2] === 0x05 && data[3] === 0x06;
}

export function isZipName(name: string): boolean {
  return /\.zip$/i.test(name);
}

/** Folders and the metadata files archivers add (`__MACOSX/`, `._name`, `.DS_Store`) are not uploads. */
function ignorable(name: string): boolean {
  const base = name.split('/').at(-1) ?? '';
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store';
}

export function readZip(
  data: Uint8Array,
  limits = ZIP_LIMITS,
  budget: InflateBudget = { remaining: limits.totalSize, used: 0 },
): ZipReadResult {
  if (data.byteLength < 4 || data[0] !== 0x50 || data[1] !== 0x4b) return { ok: false, reason: 'badArchive' };
  const entries: ZipEntry[] = [];
  const oversized: string[] = [];
  const skipped: string[] = [];
  let total = 0;
  let seen = 0;
  let failure: ZipFailure | null = null;

  const unzip = new Unzip((file) => {
    if (failure || ignorable(file.name)) return;
    seen += 1;
    if (seen > limits.entries) {
      failure = 'archiveTooLarge';
      return;
    }
    if (!WANTED.test(file.name)) {
      skipped.push(file.name);
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    let stopped = false;
    file.ondata = (error, chunk, final) => {
      if (failure || stopped) return;
      if (error) {
        failure = 'badArchive';
        return;
      }
      size += chunk.byteLength;
      total += chunk.byteLength;
      budget.used += chunk.byteLength;
      budget.remaining -= chunk.byteLength;
      if (budget.remaining < 0) {
        failure = 'budgetSpent';
        file.terminate();
        return;
      }
      if (size > limits.entrySize) {
        stopped = true;
        oversized.push(file.name);
        file.terminate();
        return;
      }
      if (total > limits.totalSize) {
        failure = 'archiveTooLarge';
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) entries.push({ name: file.name, data: concat(chunks, size) });
    };
    try {
      file.start();
    } catch {
      // A compression method other than stored or deflate.
      failure = 'badArchive';
    }
  });
  unzip.register(UnzipInflate);
  try {
    // Small input slices keep each inflated chunk small (deflate expands at most ~1000:1), so the limits above
    // bound memory, not just the result.
    for (let offset = 0; offset < data.byteLength && !failure; offset += PUSH_SLICE) {
      const end = Math.min(offset + PUSH_SLICE, data.byteLength);
      unzip.push(data.subarray(offset, end), end === data.byteLength);
    }
  } catch {
    failure ??= 'badArchive';
  }
  if (failure) return { ok: false, reason: failure };
  if (seen === 0 && !isEmptyArchive(data)) return { ok: false, reason: 'badArchive' };
  return { ok: true, entries, oversized, skipped };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
