import { ResultCode } from '@partsportal/contract/codes';
import type { FastifyRequest } from 'fastify';
import { describeFields } from './error-handler';
import { AppError } from './errors';

/**
 * A small multipart upload read whole (a back-office file of a few MB at most): its text fields
 * and one file. Unknown fields are refused as in a JSON body; a file over the route's multipart
 * `fileSize` limit is 40013 with `maxBytes` in the message; a missing or broken form is 40001.
 * The caller checks the field values.
 */
export async function readFormUpload(
  request: FastifyRequest,
  form: { fields: readonly string[]; fileField: string; maxBytes: number },
): Promise<{ values: Map<string, string>; file: { filename: string; buffer: Buffer } }> {
  const values = new Map<string, string>();
  let file: { filename: string; buffer: Buffer } | undefined;
  const unknown: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && form.fields.includes(part.fieldname)) {
        values.set(part.fieldname, String(part.value));
      } else if (part.type === 'file' && part.fieldname === form.fileField && !file) {
        file = { filename: part.filename, buffer: await part.toBuffer() };
      } else {
        unknown.push(part.fieldname);
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ResultCode.payloadTooLarge, 'importFileTooLarge', {
        max: form.maxBytes / 1024 / 1024,
      });
    }
    throw new AppError(ResultCode.validation, 'importNoFile');
  }
  // No file is the first thing to say: a form with a misnamed file field has both faults.
  if (!file) throw new AppError(ResultCode.validation, 'importNoFile');
  if (unknown.length > 0) {
    throw new AppError(ResultCode.validation, 'unknownFields', { fields: describeFields(unknown) });
  }
  return { values, file };
}
