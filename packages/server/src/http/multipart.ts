import fastifyMultipart from '@fastify/multipart';
import { HttpStatus, ResultCode } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** One uploaded file of a multipart operation (field `files`). */
export interface UploadedFile {
  name: string;
  data: Buffer;
}

/**
 * Upload limits of multipart operations. A maFile is about 2 KiB; an archive of a few thousand of them is a few
 * MiB, so these leave room for large batches while bounding memory per request.
 */
const MULTIPART_LIMITS = {
  /** Files in one request. */
  files: 10_000,
  /** Bytes of one file (a zip archive included). */
  fileSize: 32 * 1024 * 1024,
  /** Bytes of all files of one request together. */
  totalSize: 64 * 1024 * 1024,
  /** Non-file fields (inputs travel in the query string; a few stray fields are tolerated). */
  fields: 20,
  parts: 10_100,
} as const;

const MULTIPART_FILE_FIELD = 'files';

const tooLarge = (limit: string) =>
  new AppError({
    code: ResultCode.ValidationError,
    text: { ru: `Загрузка слишком большая: ${limit}`, en: `The upload is too large: ${limit}` },
    httpStatus: HttpStatus.PayloadTooLarge,
  });

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      files: MULTIPART_LIMITS.files,
      fileSize: MULTIPART_LIMITS.fileSize,
      fields: MULTIPART_LIMITS.fields,
      parts: MULTIPART_LIMITS.parts,
    },
  });
}

/** Reads every file of the `files` field into memory, within the limits above. */
export async function readUploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new AppError({
      code: ResultCode.ValidationError,
      text: {
        ru: 'Ожидается загрузка файлов (multipart/form-data, поле files)',
        en: 'Expected a file upload (multipart/form-data, field files)',
      },
    });
  }
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname !== MULTIPART_FILE_FIELD) continue;
      total += data.byteLength;
      if (total > MULTIPART_LIMITS.totalSize)
        throw tooLarge(`${MULTIPART_LIMITS.totalSize / 1024 / 1024} MiB`);
      files.push({ name: part.filename || 'unnamed', data });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(`${MULTIPART_LIMITS.fileSize / 1024 / 1024} MiB per file`);
    if (code === 'FST_FILES_LIMIT') throw tooLarge(`${MULTIPART_LIMITS.files} files`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge('too many parts');
    throw new AppError({
      code: ResultCode.ValidationError,
      text: {
        ru: 'Загрузка прервана или повреждена',
        en: 'The upload was cut short or is damaged',
      },
    });
  }
  return files;
}
