import { type ExtractMafilesResultWire, isManifestFileName, parseSdaManifest } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { readTextInput, usage } from '../../kit/command-helpers.ts';
import type { UploadFile } from './mafile-sources.ts';
import { uploadMafiles } from './mafile-upload.ts';

/** Tries at the prompt before the wrong-passkey files are reported like any other refused file. */
const PROMPT_ATTEMPTS = 3;

/** A folder's manifest (SDA or steamguard-cli) says its files are encrypted. */
export function manifestSaysEncrypted(files: readonly UploadFile[]): boolean {
  return files.some(
    (file) =>
      isManifestFileName(file.name) &&
      parseSdaManifest(new TextDecoder().decode(file.content))?.encrypted === true,
  );
}

const refusedFor = (answer: ExtractMafilesResultWire, reason: string) =>
  answer.invalidMafiles.some((file) => file.reason === reason);

/**
 * Sends the maFiles to the server with the passkey when they need one. The passkey is never an argument (it would
 * stay in the shell history and the process list): it is read from standard input with `--passkey-stdin`, or asked
 * for without echo when the manifest says encrypted (or the server finds encrypted files in an archive), and asked
 * again after a wrong one.
 */
export async function extractWithPasskey(
  ctx: CommandContext,
  files: readonly UploadFile[],
  options: { passkeyStdin: boolean },
): Promise<ExtractMafilesResultWire> {
  if (options.passkeyStdin) {
    const passkey = (await readTextInput(ctx, '-')).replace(/\r?\n$/, '');
    if (passkey === '') usage(ctx, 'emptyPasskey');
    return uploadMafiles(ctx, files, passkey);
  }
  let answer: ExtractMafilesResultWire | null = null;
  if (!manifestSaysEncrypted(files)) {
    answer = await uploadMafiles(ctx, files, undefined);
    if (!refusedFor(answer, 'passkeyRequired')) return answer;
  }
  const prompt = ctx.io.prompt;
  if (!prompt) {
    if (answer) return answer;
    throw new CliFailure(ctx.t('passkeyNeeded'), ExitCode.Usage, { error: ctx.t('passkeyNeeded') });
  }
  for (let attempt = 1; ; attempt++) {
    const passkey = await prompt(`${ctx.t('askPasskey')}: `, { hidden: true });
    if (passkey === '') usage(ctx, 'emptyPasskey');
    answer = await uploadMafiles(ctx, files, passkey);
    if (!refusedFor(answer, 'wrongPasskey') || attempt >= PROMPT_ATTEMPTS) return answer;
    ctx.io.stderr(`${ctx.t('wrongPasskeyAgain')}\n`);
  }
}
