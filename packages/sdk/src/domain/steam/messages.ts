/**
 * Texts of the Steam account rules in both languages. Russian texts quoted by the spec (docs/product-shell.md
 * §5, §8) are verbatim; the rest follow the same tone.
 */
import type { Language } from '../../i18n/messages.ts';
import { formatMebibytes, MAFILE_UPLOAD_LIMITS } from './upload-limits.ts';

type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

/** Why one uploaded file could not be read as a maFile. */
export const MAFILE_FAILURE_REASONS = [
  'wrongExtension',
  'tooLarge',
  'empty',
  'notJson',
  'notObject',
  'missingSharedSecret',
  'badSharedSecret',
  'badIdentitySecret',
  'badSteamId',
  'encryptedWithoutManifest',
  'missingManifestEntry',
  'manifestEntryIncomplete',
  'passkeyRequired',
  'wrongPasskey',
  'badManifest',
  'duplicateAccount',
  'badArchive',
  'archiveTooLarge',
  'unsupportedEncryption',
  'badOtpauthLine',
  'notSteamOtpauth',
  'uploadUnpackLimit',
  'minuteUnpackLimit',
  'minuteDecryptionLimit',
] as const;
export type MafileFailureReason = (typeof MAFILE_FAILURE_REASONS)[number];

export const mafileFailureMessages: Texts<MafileFailureReason> = {
  ru: {
    wrongExtension: 'Расширение файла должно быть .mafile',
    tooLarge: 'Файл слишком большой для мафайла',
    empty: 'Файл пуст',
    notJson: 'Файл не является корректным JSON',
    notObject: 'Файл не содержит данных мафайла',
    missingSharedSecret: 'В мафайле нет shared_secret',
    badSharedSecret: 'shared_secret должен быть base64 от 20 байт',
    badIdentitySecret: 'identity_secret должен быть base64 от 20 байт',
    badSteamId: 'Некорректный SteamID',
    encryptedWithoutManifest: 'Файл зашифрован: загрузите его вместе с manifest.json',
    missingManifestEntry: 'Зашифрованного файла нет в manifest.json',
    manifestEntryIncomplete: 'В manifest.json для файла нет соли или вектора инициализации',
    passkeyRequired: 'Файл зашифрован: укажите ключ шифрования',
    wrongPasskey: 'Неверный ключ шифрования',
    badManifest: 'manifest.json повреждён',
    duplicateAccount: 'Повтор: для этого аккаунта уже загружен более новый мафайл',
    badArchive: 'Архив zip повреждён или не читается',
    archiveTooLarge: 'Архив zip распаковывается в слишком большой объём',
    unsupportedEncryption: 'manifest.json называет неизвестную схему шифрования',
    badOtpauthLine: 'Строка не является ссылкой otpauth://totp/ экспорта WinAuth',
    notSteamOtpauth: 'Ссылка otpauth:// не от аутентификатора Steam',
    uploadUnpackLimit: `Архивы одной загрузки распаковываются не больше чем в ${formatMebibytes(MAFILE_UPLOAD_LIMITS.unpackedBytesPerUpload)} МиБ вместе: загрузите этот архив отдельно`,
    minuteUnpackLimit: `Из архивов распаковывается не больше ${formatMebibytes(MAFILE_UPLOAD_LIMITS.unpackedBytesPerMinute)} МиБ в минуту: загрузите этот архив через минуту`,
    minuteDecryptionLimit: `Расшифровка мафайлов занимает у одного пользователя не больше ${MAFILE_UPLOAD_LIMITS.decryptionCpuMsPerMinute / 1000} с процессорного времени в минуту: загрузите этот файл снова через минуту`,
  },
  en: {
    wrongExtension: 'The file extension must be .mafile',
    tooLarge: 'The file is too large to be a maFile',
    empty: 'The file is empty',
    notJson: 'The file is not valid JSON',
    notObject: 'The file holds no maFile data',
    missingSharedSecret: 'The maFile has no shared_secret',
    badSharedSecret: 'shared_secret must be base64 of 20 bytes',
    badIdentitySecret: 'identity_secret must be base64 of 20 bytes',
    badSteamId: 'Invalid SteamID',
    encryptedWithoutManifest: 'The file is encrypted: upload it together with manifest.json',
    missingManifestEntry: 'The encrypted file is not listed in manifest.json',
    manifestEntryIncomplete: 'manifest.json has no salt or IV for this file',
    passkeyRequired: 'The file is encrypted: enter the passkey',
    wrongPasskey: 'Wrong passkey',
    badManifest: 'manifest.json is damaged',
    duplicateAccount: 'Duplicate: a newer maFile for this account is already loaded',
    badArchive: 'The zip archive is damaged or unreadable',
    archiveTooLarge: 'The zip archive expands to too much data',
    unsupportedEncryption: 'manifest.json names an unknown encryption scheme',
    badOtpauthLine: 'The line is not an otpauth://totp/ link of a WinAuth export',
    notSteamOtpauth: 'The otpauth:// link is not for a Steam authenticator',
    uploadUnpackLimit: `The archives of one upload may unpack to at most ${formatMebibytes(MAFILE_UPLOAD_LIMITS.unpackedBytesPerUpload)} MiB together: upload this archive separately`,
    minuteUnpackLimit: `At most ${formatMebibytes(MAFILE_UPLOAD_LIMITS.unpackedBytesPerMinute)} MiB of archives are unpacked per minute: upload this archive again in a minute`,
    minuteDecryptionLimit: `Decrypting one user's maFiles may take at most ${MAFILE_UPLOAD_LIMITS.decryptionCpuMsPerMinute / 1000} s of processor time per minute: upload this file again in a minute`,
  },
};

/** Things worth telling the user about a maFile that was read. */
export const MAFILE_WARNINGS = [
  'missingIdentitySecret',
  'missingSteamId',
  'missingAccountName',
  'missingDeviceId',
  'legacySession',
  'tokenSubjectMismatch',
  'tokenAudienceNotMobile',
  'notFullyEnrolled',
  'statusNotActive',
  'hexSecret',
  'identitySecretUnreadable',
  'sessionNotKept',
] as const;
export type MafileWarning = (typeof MAFILE_WARNINGS)[number];

export const mafileWarningMessages: Texts<MafileWarning> = {
  ru: {
    missingIdentitySecret: 'Нет identity_secret: подтверждения обменов недоступны',
    missingSteamId: 'Нет SteamID: он будет получен при входе',
    missingAccountName: 'Нет account_name: логин берётся из имени файла или строки',
    missingDeviceId: 'Нет device_id: он будет создан из SteamID',
    legacySession: 'Сессия старого формата: потребуется повторный вход',
    tokenSubjectMismatch: 'Токены сессии принадлежат другому SteamID: потребуется повторный вход',
    tokenAudienceNotMobile: 'Токен сессии не мобильный: потребуется повторный вход',
    notFullyEnrolled: 'Аутентификатор не был до конца привязан',
    statusNotActive: 'Статус аутентификатора не активный',
    hexSecret: 'Секрет записан в hex и преобразован в base64',
    identitySecretUnreadable:
      'identity_secret повреждён (не base64 от 20 байт) и не сохранён: коды входа работают, подтверждения обменов нет, пока мафайл не заменён',
    sessionNotKept: 'Сессия в файле не в формате JWT и не сохранена: потребуется повторный вход',
  },
  en: {
    missingIdentitySecret: 'No identity_secret: trade confirmations are unavailable',
    missingSteamId: 'No SteamID: it will be taken at sign-in',
    missingAccountName: 'No account_name: the login comes from the file name or the text line',
    missingDeviceId: 'No device_id: one will be derived from the SteamID',
    legacySession: 'Old-format session: a new sign-in is needed',
    tokenSubjectMismatch: 'The session tokens belong to another SteamID: a new sign-in is needed',
    tokenAudienceNotMobile: 'The session token is not a mobile one: a new sign-in is needed',
    notFullyEnrolled: 'The authenticator was never fully enrolled',
    statusNotActive: 'The authenticator status is not active',
    hexSecret: 'A secret was written in hex and converted to base64',
    identitySecretUnreadable:
      'identity_secret is damaged (not base64 of 20 bytes) and was left out: guard codes work, trade confirmations do not until the maFile is replaced',
    sessionNotKept: 'The session in the file is not a JWT and was not kept: a new sign-in is needed',
  },
};

/**
 * Why adding an account failed (docs/product-shell.md §8 "Account add reasons"), plus the wizard's own
 * checks.
 */
export const ADD_ACCOUNT_REASONS = [
  'invalidPassword',
  'invalidMafile',
  'noProxy',
  'proxyError',
  'authenticationProblem',
  'invalidSteamGuardType',
  'unknownError',
  'mafileNotLoaded',
  'passwordNotSet',
  'importAtLeastOne',
  'checkAllFields',
  'alreadyAdded',
] as const;
export type AddAccountReason = (typeof ADD_ACCOUNT_REASONS)[number];

export const addAccountReasonMessages: Texts<AddAccountReason> = {
  ru: {
    invalidPassword: 'Неверный пароль',
    invalidMafile: 'Невалидный мафайл',
    noProxy: 'Нет прокси',
    proxyError: 'Ошибка прокси',
    authenticationProblem: 'Проблема аутентификации (бесконечные попытки входа)',
    invalidSteamGuardType: 'Неверный тип Steam Guard (не мобильный)',
    unknownError: 'Неизвестная ошибка',
    mafileNotLoaded: 'Мафайл не загружен',
    passwordNotSet: 'Пароль не указан',
    importAtLeastOne: 'Импортируйте хотя бы один аккаунт',
    checkAllFields: 'Проверьте все поля',
    alreadyAdded: 'Аккаунт уже добавлен',
  },
  en: {
    invalidPassword: 'Invalid password',
    invalidMafile: 'Invalid maFile',
    noProxy: 'No proxy',
    proxyError: 'Proxy error',
    authenticationProblem: 'Authentication problem (endless login attempts)',
    invalidSteamGuardType: 'Invalid Steam Guard type (not mobile)',
    unknownError: 'Unknown error',
    mafileNotLoaded: 'maFile not loaded',
    passwordNotSet: 'Password not set',
    importAtLeastOne: 'Import at least one account',
    checkAllFields: 'Check all fields',
    alreadyAdded: 'The account is already added',
  },
};

/** Why a line of account or batch-assign text was rejected. */
export const LINE_FAILURE_REASONS = [
  'missingPassword',
  'emptyLogin',
  'emptyPassword',
  'invalidHost',
  'invalidPort',
  'missingSeparator',
  'invalidProxyFormat',
  'unknownAccount',
] as const;
export type LineFailureReason = (typeof LINE_FAILURE_REASONS)[number];

export const lineFailureMessages: Texts<LineFailureReason> = {
  ru: {
    missingPassword: 'Ожидается формат login:password',
    emptyLogin: 'Логин не указан',
    emptyPassword: 'Пароль не указан',
    invalidHost: 'Введите корректный IP-адрес или доменное имя',
    invalidPort: 'Порт должен быть числом от 1 до 65535',
    missingSeparator: 'Ожидается формат аккаунт:прокси',
    invalidProxyFormat: 'Неверный формат прокси',
    unknownAccount: 'Аккаунт не найден',
  },
  en: {
    missingPassword: 'Expected login:password',
    emptyLogin: 'The login is empty',
    emptyPassword: 'The password is empty',
    invalidHost: 'Enter a valid IP address or domain name',
    invalidPort: 'The port must be a number from 1 to 65535',
    missingSeparator: 'Expected account:proxy',
    invalidProxyFormat: 'Invalid proxy format',
    unknownAccount: 'Account not found',
  },
};

export const steamListMessages: Texts<'invalidMafiles' | 'failedAccount'> = {
  ru: { invalidMafiles: 'Невалидные мафайлы: {list}', failedAccount: '{login}: {reason}' },
  en: { invalidMafiles: 'Invalid maFiles: {list}', failedAccount: '{login}: {reason}' },
};

/** "Невалидные мафайлы: a.maFile, b.maFile" (docs/product-shell.md §8). */
export function formatInvalidMafiles(fileNames: readonly string[], language: Language): string {
  return steamListMessages[language].invalidMafiles.replace('{list}', fileNames.join(', '));
}

/** "{login}: {reason}", joined by commas (docs/product-shell.md §8). */
export function formatFailedAccounts(
  failures: readonly { login: string; reason: AddAccountReason }[],
  language: Language,
): string {
  return failures
    .map(({ login, reason }) =>
      steamListMessages[language].failedAccount
        .replace('{login}', login)
        .replace('{reason}', addAccountReasonMessages[language][reason]),
    )
    .join(', ');
}
