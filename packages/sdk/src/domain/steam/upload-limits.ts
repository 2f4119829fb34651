/**
 * What one user may make the server unpack and decrypt, per upload and per minute. Zip archives are inflated and
 * encrypted maFiles need a deliberately slow key derivation each (PBKDF2 or Argon2id), so both are budgeted: a
 * few thousand accounts fit, a zip bomb or a pile of fake encrypted files does not.
 */
import type { Language } from '../../i18n/messages.ts';

const MIB = 1024 * 1024;

export const MAFILE_UPLOAD_LIMITS = {
  /** Inflated bytes of all archives of one upload together (each entry counted as actually inflated). */
  unpackedBytesPerUpload: 64 * MIB,
  /** Inflated bytes per user per minute, over all uploads. */
  unpackedBytesPerMinute: 256 * MIB,
  /** Encrypted maFiles (one key derivation each) in one upload. */
  encryptedPerUpload: 1_000,
  /** Encrypted maFiles per user per minute, over all uploads. */
  encryptedPerMinute: 2_000,
  /**
   * Processor time the decryption workers may spend on one user's files per minute (key derivations measured in
   * the worker thread): the count alone never binds when each file takes tens of milliseconds, and one user
   * would keep the workers busy for everyone.
   */
  decryptionCpuMsPerMinute: 20_000,
} as const;

export type MafileUploadLimits = { [K in keyof typeof MAFILE_UPLOAD_LIMITS]: number };

export const formatMebibytes = (bytes: number): string => `${Math.round(bytes / MIB)}`;

/** Refusals of a whole upload that asks for more decryption than its budget. */
export const uploadLimitMessages = {
  encryptedPerUpload: (language: Language, limit: number, count: number): string =>
    language === 'ru'
      ? `В одной загрузке не больше ${limit} зашифрованных мафайлов (в этой ${count}): загрузите папку частями`
      : `At most ${limit} encrypted maFiles per upload (this one has ${count}): upload the folder in parts`,
  encryptedPerMinute: (language: Language, limit: number, retryAfterSeconds: number): string =>
    language === 'ru'
      ? `Не больше ${limit} зашифрованных мафайлов в минуту: повторите через ${retryAfterSeconds} с`
      : `At most ${limit} encrypted maFiles per minute: try again in ${retryAfterSeconds} s`,
};
