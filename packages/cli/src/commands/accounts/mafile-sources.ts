import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { isManifestFileName, MAFILE_EXTENSION } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { unreadable } from '../../kit/command-helpers.ts';

/** One file to upload: its path relative to the folder given (the server pairs SDA files with their manifest). */
export interface UploadFile {
  name: string;
  content: Uint8Array;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * The files `--mafiles` names: every `.maFile` (any letter case) and `manifest.json` under a folder, or a zip
 * archive as it is (the server unpacks it), or one maFile.
 */
export async function collectMafiles(ctx: CommandContext, path: string): Promise<UploadFile[]> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    throw unreadable(ctx, path, error);
  }
  if (info.isFile()) {
    const content = await readFile(path).catch((error) => {
      throw unreadable(ctx, path, error);
    });
    return [{ name: basename(path), content }];
  }
  const files: UploadFile[] = [];
  for (const file of await walk(path)) {
    const name = relative(path, file).split('\\').join('/');
    if (!MAFILE_EXTENSION.test(name) && !isManifestFileName(name)) continue;
    files.push({ name, content: await readFile(file) });
  }
  if (!files.some((f) => MAFILE_EXTENSION.test(f.name))) {
    const text = ctx.t('noMafilesFound', { path });
    throw new CliFailure(text, ExitCode.Error, { error: text });
  }
  return files;
}

export function isZip(file: UploadFile): boolean {
  return ZIP_SIGNATURE.every((byte, index) => file.content[index] === byte);
}

async function walk(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}
