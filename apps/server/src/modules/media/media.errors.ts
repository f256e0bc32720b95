import { ASSET_UPLOAD_FAILED, ErrorStatus, FileSize } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Messages of image uploads. The spec names the failure code (ASSET_UPLOAD_FAILED, 000 §8) and the
// 'Not available yet.' of areas that do not exist; the rest are ours, plain and specific.
export const MediaErrors = {
  NotAvailableYet: 'Not available yet.',
  NotAnEditor: 'Only the authors of this content can add images to it.',
  PageRequired: 'Choose the lesson this image belongs to (page_id).',
  UnsupportedFileType: 'Only png, jpeg and gif images can be uploaded.',
  ContentTypeMismatch: 'The content type does not match the file name.',
  TooLarge: `Images can be at most ${FileSize.Cap / FileSize.OneKb} KB.`,
  LargerThanAnnounced: 'The file is larger than the size given when the upload link was made.',
  LinkInvalid: 'This upload link is not valid.',
  LinkExpired: 'This upload link has expired. Ask for a new one.',
  LinkUsed: 'This upload link has already been used.',
  WrongContentType: 'Send the file with the Content-Type the upload link was made for.',
  NotThatImage: (format: string) => `The file's content is not a ${format} image.`,
  ImageNotFound: 'This image does not exist or is not available to you.',
  NotAnImageUrl: (url: string) => `'${url}' is not the address of an image uploaded here.`,
} as const;

/** A refused upload: 400 with the spec's failure code, so the editor can tell it from other errors. */
export function uploadFailed(errorText: string): AppError {
  return new AppError(
    ErrorStatus.OperationNotAllowed,
    errorText,
    { code: ASSET_UPLOAD_FAILED },
    // The client may still be sending bytes we will not read.
    { connection: 'close' },
  );
}
