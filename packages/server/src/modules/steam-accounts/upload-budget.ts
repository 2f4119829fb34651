import { HttpStatus, ResultCode } from '@tradedeck/sdk/contract';
import {
  DecryptionBudgetSpentError,
  MAFILE_UPLOAD_LIMITS,
  type MafileUploadLimits,
  uploadLimitMessages,
} from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { DecryptionBudget } from './decryption-pool.ts';

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  unpackedBytes: number;
  encrypted: number;
  /** Processor time the decryption workers spent on this user's files. */
  decryptionMs: number;
}

/** What one upload may still inflate, and which limit binds it (to name that one when it is reached). */
export interface UnpackAllowance {
  bytes: number;
  binding: 'upload' | 'minute';
}

/**
 * Per-user budgets of the maFile upload, per upload and per minute: bytes inflated from archives and encrypted
 * files decrypted. They guard this process's memory and CPU, so they are kept in this process (a fixed window per
 * user, swept as it grows).
 */
export class MafileUploadBudgets {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limits: MafileUploadLimits = MAFILE_UPLOAD_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes this user's next upload may inflate. */
  unpackAllowance(userId: string): UnpackAllowance {
    const left = Math.max(0, this.limits.unpackedBytesPerMinute - this.window(userId).unpackedBytes);
    return left < this.limits.unpackedBytesPerUpload
      ? { bytes: left, binding: 'minute' }
      : { bytes: this.limits.unpackedBytesPerUpload, binding: 'upload' };
  }

  chargeUnpacked(userId: string, bytes: number): void {
    this.window(userId).unpackedBytes += bytes;
  }

  /**
   * Admits `count` decryptions for this upload, or refuses the whole upload before any: 413 above the per-upload
   * limit, 429 (with Retry-After) when the user's minute would go above its limit.
   */
  admitEncrypted(userId: string, count: number): void {
    const { encryptedPerUpload, encryptedPerMinute } = this.limits;
    if (count > encryptedPerUpload) {
      throw new AppError({
        code: ResultCode.ValidationError,
        text: {
          ru: uploadLimitMessages.encryptedPerUpload('ru', encryptedPerUpload, count),
          en: uploadLimitMessages.encryptedPerUpload('en', encryptedPerUpload, count),
        },
        details: { limit: encryptedPerUpload, count },
        httpStatus: HttpStatus.PayloadTooLarge,
      });
    }
    const window = this.window(userId);
    if (window.encrypted + count > encryptedPerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - this.now()) / 1000));
      throw new AppError({
        code: ResultCode.OperationRejected,
        text: {
          ru: uploadLimitMessages.encryptedPerMinute('ru', encryptedPerMinute, retryAfterSeconds),
          en: uploadLimitMessages.encryptedPerMinute('en', encryptedPerMinute, retryAfterSeconds),
        },
        details: { limit: encryptedPerMinute, retryAfterSeconds },
        httpStatus: HttpStatus.TooManyRequests,
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    window.encrypted += count;
  }

  /**
   * The user's share of the decryption workers: files start while the minute's processor time is not spent, and
   * each file's measured time is charged to the minute it ends in. One user's folder of slow key derivations thus
   * takes at most this much of the workers per minute; the rest of the folder is named with the limit, and other
   * users' files go on.
   */
  decryptionBudget(userId: string): DecryptionBudget {
    return {
      admit: () => {
        if (this.window(userId).decryptionMs >= this.limits.decryptionCpuMsPerMinute)
          throw new DecryptionBudgetSpentError();
      },
      charge: (cpuMs) => {
        this.window(userId).decryptionMs += cpuMs;
      },
    };
  }

  /** What this user spent in the current minute. */
  used(userId: string): { unpackedBytes: number; encrypted: number; decryptionMs: number } {
    const { unpackedBytes, encrypted, decryptionMs } = this.window(userId);
    return { unpackedBytes, encrypted, decryptionMs };
  }

  private window(userId: string): Window {
    const now = this.now();
    let window = this.windows.get(userId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size >= 10_000) this.sweep(now);
      window = { start: now, unpackedBytes: 0, encrypted: 0, decryptionMs: 0 };
      this.windows.set(userId, window);
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}

/** The server's budgets: one per process, like the memory and CPU they guard. */
export const mafileUploadBudgets = new MafileUploadBudgets();
