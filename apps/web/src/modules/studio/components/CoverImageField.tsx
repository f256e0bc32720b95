import { UploadState } from '@coderoom/contracts';
import { useRef } from 'react';
import { Button } from '../../../ui/Button';
import { useImageUpload } from '../api/useImageUpload';
import { IMAGE_ACCEPT } from '../utils/imageFileProblem';

interface CoverImageFieldProps {
  authorId: number;
  collectionId: number;
  value: string | null;
  onChange: (url: string | null) => void;
}

/** The course's cover: a PNG, JPEG or GIF uploaded as an image of the collection, shown in the catalogue. */
export function CoverImageField({ authorId, collectionId, value, onChange }: CoverImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const { status, upload } = useImageUpload({ authorId, collectionId, pageId: null });
  const isBusy = status?.state === UploadState.Pending || status?.state === UploadState.Uploading;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload(file);
    if (url) onChange(url);
  };

  return (
    <fieldset className="field studio-cover">
      <legend className="studio-cover-label">Cover image</legend>
      <div className="studio-cover-row">
        {value ? (
          <img className="studio-cover-preview" src={value} alt="The course's cover" />
        ) : (
          <span className="studio-cover-empty small muted">No cover yet</span>
        )}
        <div className="studio-cover-actions">
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Cover image file"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button variant="secondary" busy={isBusy} onClick={() => input.current?.click()}>
            {value ? 'Replace cover' : 'Upload cover'}
          </Button>
          {value && (
            <Button variant="ghost" onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </div>
      </div>
      <div aria-live="polite" className="small">
        {status?.state === UploadState.Failed && (
          <p className="field-error">
            {status.fileName}: {status.errorText}
          </p>
        )}
        {isBusy && <p className="muted">Uploading {status?.fileName}…</p>}
      </div>
      <p className="field-hint">Shown on the course's card and page. Save to keep it.</p>
    </fieldset>
  );
}
