import { defineTexts } from '../../texts/registry.ts';

/** Texts of reading maFiles in `tradedeck accounts import`: the passkey of encrypted folders. */
export const mafilesTexts = defineTexts('mafiles', {
  en: {
    optPasskeyStdin: 'read the SDA or steamguard-cli passkey from standard input (otherwise it is asked for)',
    askPasskey: 'Passkey of the encrypted maFiles',
    wrongPasskeyAgain: 'Wrong passkey; try again',
    passkeyNeeded:
      'The maFiles are encrypted: run in a terminal to be asked for the passkey, or send it with --passkey-stdin',
    passkeyNotArgument:
      'The passkey is never taken as an argument (it would stay in the shell history): it is asked for, or read with --passkey-stdin',
    stdinTwice: '--passkey-stdin and --lines - both read standard input; give the lines as a file',
    emptyPasskey: 'The passkey is empty',
  },
  ru: {
    optPasskeyStdin:
      'прочитать ключ шифрования SDA или steamguard-cli со стандартного ввода (иначе он будет запрошен)',
    askPasskey: 'Ключ шифрования мафайлов',
    wrongPasskeyAgain: 'Неверный ключ шифрования; попробуйте ещё раз',
    passkeyNeeded:
      'Мафайлы зашифрованы: запустите команду в терминале, чтобы ввести ключ, или передайте его через --passkey-stdin',
    passkeyNotArgument:
      'Ключ шифрования не принимается аргументом (он остался бы в истории оболочки): его спросят, или передайте его через --passkey-stdin',
    stdinTwice: '--passkey-stdin и --lines - оба читают стандартный ввод; передайте строки файлом',
    emptyPasskey: 'Ключ шифрования пуст',
  },
});
