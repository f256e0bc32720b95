import type { UserInfo } from '@coderoom/contracts';
import { validateFullName } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { Avatar } from '../../session/components/Avatar';
import { IMAGE_ACCEPT, imageFileProblem } from '../../studio/utils/imageFileProblem';
import { useUpdateProfile } from '../api/useUpdateProfile';
import { useUploadProfilePicture } from '../api/useUploadProfilePicture';

/** Name and picture. The picture goes through the media module, which checks its type and size. */
export function ProfileSettings({ user }: { user: UserInfo }) {
  const update = useUpdateProfile();
  const upload = useUploadProfilePicture();
  const [name, setName] = useState(user.full_name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [pictureMessage, setPictureMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(
    null,
  );
  const fileId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateFullName(name.trim());
    setNameError(problem);
    if (problem) return;
    update.mutate(
      { full_name: name },
      {
        onError: (error) =>
          setNameError(error instanceof ApiError ? (error.errors.full_name ?? error.message) : error.message),
      },
    );
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setPictureMessage({ tone: 'error', text: `This picture cannot be used: ${problem}` });
      return;
    }
    setPictureMessage(null);
    upload.mutate(file, {
      onSuccess: () => setPictureMessage({ tone: 'success', text: 'Your new picture is saved.' }),
      onError: (error) =>
        setPictureMessage({ tone: 'error', text: `This picture cannot be used: ${error.message}` }),
    });
  };

  return (
    <div className="stack">
      <div className="profile-picture">
        <Avatar name={user.full_name} pictureUrl={user.profile_pic_url} size="large" />
        <div className="stack">
          <div className="profile-picture-actions">
            <label htmlFor={fileId} className="btn btn-secondary file-button">
              {upload.isPending ? 'Uploading…' : user.profile_pic_url ? 'Change picture' : 'Upload a picture'}
            </label>
            <input
              id={fileId}
              type="file"
              accept={IMAGE_ACCEPT}
              className="visually-hidden-file"
              disabled={upload.isPending}
              onChange={(event) => {
                onFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {user.profile_pic_url && (
              <Button
                variant="ghost"
                busy={update.isPending && update.variables?.profile_pic_url === null}
                onClick={() =>
                  update.mutate(
                    { profile_pic_url: null },
                    { onSuccess: () => setPictureMessage({ tone: 'success', text: 'Picture removed.' }) },
                  )
                }
              >
                Remove picture
              </Button>
            )}
          </div>
          <p className="muted small">PNG, JPEG or GIF, at most 800 KB.</p>
        </div>
      </div>
      {pictureMessage && <FormMessage tone={pictureMessage.tone}>{pictureMessage.text}</FormMessage>}
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField
          label="Full name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        {update.isSuccess && update.variables?.full_name !== undefined && (
          <FormMessage tone="success">Your name is saved.</FormMessage>
        )}
        <div>
          <Button type="submit" busy={update.isPending && update.variables?.full_name !== undefined}>
            Save name
          </Button>
        </div>
      </form>
    </div>
  );
}
