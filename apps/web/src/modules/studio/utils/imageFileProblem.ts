import { FileSize } from '@coderoom/domain';

/** Spec 000 §5: only png, jpeg and gif images; the server checks the same again on the bytes. */
const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g|gif)$/i;

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

/** Why a file cannot be uploaded as an image, or null when it can; checked before any upload. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!ACCEPTED_TYPES.has(file.type) || !ACCEPTED_EXTENSIONS.test(file.name)) {
    return 'only PNG, JPEG and GIF images can be uploaded.';
  }
  if (file.size > FileSize.Cap) {
    const kb = (bytes: number) => Math.ceil(bytes / FileSize.OneKb);
    return `the file is ${kb(file.size)} KB; images can be at most ${kb(FileSize.Cap)} KB.`;
  }
  if (file.size === 0) return 'the file is empty.';
  return null;
}
