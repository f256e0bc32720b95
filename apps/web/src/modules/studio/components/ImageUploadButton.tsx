import { UploadState } from '@coderoom/contracts';
import { useRef } from 'react';
import { Button } from '../../../ui/Button';
import { useImageUpload } from '../api/useImageUpload';
import type { ImageUploadTarget } from '../state/ImageUploadTargetContext';
import { IMAGE_ACCEPT } from '../utils/imageFileProblem';

const STATE_TEXT: Record<UploadState, string> = {
  [UploadState.Pending]: 'Preparing to upload',
  [UploadState.Uploading]: 'Uploading',
  [UploadState.Successful]: 'Inserted',
  [UploadState.Failed]: 'Could not upload',
};

/** Markdown's alt text: the file's name without its extension, brackets removed. */
function altTextOf(fileName: string): string {
  return (
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]]/g, '')
      .trim() || 'image'
  );
}

/** "Insert image": picks a PNG, JPEG or GIF, uploads it and hands back `![alt](url)`. */
export function ImageUploadButton({
  target,
  onUploaded,
}: {
  target: ImageUploadTarget;
  onUploaded: (markdown: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { status, upload } = useImageUpload(target);
  const isBusy = status?.state === UploadState.Pending || status?.state === UploadState.Uploading;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload(file);
    if (url) onUploaded(`![${altTextOf(file.name)}](${url})`);
  };

  return (
    <div className="studio-image-upload">
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Image file"
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          // The same file may be picked again after a failure.
          event.target.value = '';
        }}
      />
      <Button variant="secondary" busy={isBusy} onClick={() => input.current?.click()}>
        Insert image
      </Button>
      <span className="small muted">PNG, JPEG or GIF, up to 800 KB.</span>
      <p
        className={`small studio-upload-status studio-upload-${status?.state ?? 'idle'}`}
        role={status?.state === UploadState.Failed ? 'alert' : 'status'}
      >
        {status &&
          `${STATE_TEXT[status.state]} ${status.fileName}${status.errorText ? `: ${status.errorText}` : status.state === UploadState.Successful ? '.' : '…'}`}
      </p>
    </div>
  );
}
