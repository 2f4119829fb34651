import {
  type SteamguardCliScheme,
  steamguardCliFolder,
  syntheticAccount,
} from '../../../sdk/test/steam/steamguard-cli-folder.ts';
import type { FileUpload } from './helpers.ts';

export {
  sealMafile as seal,
  syntheticAccount as syntheticMafile,
} from '../../../sdk/test/steam/steamguard-cli-folder.ts';

/** A steamguard-cli folder of `count` synthetic accounts; one salt for all, so building it costs one derivation. */
export function encryptedFolder(scheme: SteamguardCliScheme, count: number, passkey: string): FileUpload[] {
  return steamguardCliFolder(
    Array.from({ length: count }, (_, n) => syntheticAccount(n)),
    scheme,
    passkey,
    { oneSalt: true },
  );
}
