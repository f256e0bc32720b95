import { StreamState, UploadState, type WidgetOf } from '@coderoom/contracts';
import { VIDEO_SIZE_LIMIT_TEXT, VideoLimits } from '@coderoom/domain';
import { useCallback, useContext, useMemo, useRef } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useStreamStatus } from '../../video/api/useStreamStatus';
import { useVideoUpload } from '../../video/api/useVideoUpload';
import { VideoWidget } from '../../video/components/VideoWidget';
import { ImageUploadTargetContext } from '../state/ImageUploadTargetContext';
import { TextAreaField } from './TextAreaField';

type Video = WidgetOf<'Video'>;

const ACCEPT = VideoLimits.extensions.map((extension) => `.${extension}`).join(',');

const STREAM_TEXT: Record<StreamState, string> = {
  [StreamState.Waiting]: 'Waiting for the upload to finish.',
  [StreamState.Processing]: 'Processing: converting the video for streaming…',
  [StreamState.Ready]: 'Ready.',
  [StreamState.Failed]: 'Processing failed',
};

/** The Video widget's form: title, caption, and a file uploaded with tus, then transcoded by the worker. */
export function VideoForm({ widget, onChange }: { widget: Video; onChange: (widget: Video) => void }) {
  const page = useContext(ImageUploadTargetContext);
  const target = useMemo(
    () =>
      page && page.pageId !== null
        ? { authorId: page.authorId, collectionId: page.collectionId, pageId: page.pageId }
        : null,
    [page],
  );
  // The upload finishes long after this render; it must extend the widget as it is then.
  const latest = useRef({ widget, onChange });
  latest.current = { widget, onChange };
  const onCreated = useCallback((videoId: number) => {
    const { widget: current, onChange: change } = latest.current;
    change({ ...current, content: { ...current.content, video_id: videoId } });
  }, []);
  const { progress, upload } = useVideoUpload(target, onCreated);
  const status = useStreamStatus(widget.content.video_id);
  const input = useRef<HTMLInputElement>(null);
  const setContent = (patch: Partial<Video['content']>) =>
    onChange({ ...widget, content: { ...widget.content, ...patch } });

  const isSending = progress?.state === UploadState.Pending || progress?.state === UploadState.Uploading;
  const percent =
    progress && progress.totalBytes > 0 ? Math.floor((progress.sentBytes / progress.totalBytes) * 100) : 0;
  const stream = status.data;

  return (
    <div className="stack studio-form">
      <TextField
        label="Title"
        value={widget.content.title}
        maxLength={200}
        hint="Screen readers announce the player by this name."
        onChange={(event) => setContent({ title: event.target.value })}
      />
      <TextField
        label="Caption (optional)"
        value={widget.content.caption ?? ''}
        maxLength={500}
        onChange={(event) => setContent({ caption: event.target.value || undefined })}
      />
      <TextAreaField
        label="Captions (WebVTT, optional)"
        code
        rows={4}
        value={widget.content.captions?.vtt ?? ''}
        placeholder={'WEBVTT\n\n00:00.000 --> 00:02.000\nWhat is said in the first two seconds.'}
        onChange={(event) =>
          setContent({
            captions: event.target.value
              ? {
                  label: widget.content.captions?.label ?? 'English',
                  srclang: widget.content.captions?.srclang ?? 'en',
                  vtt: event.target.value,
                }
              : undefined,
          })
        }
      />
      {widget.content.captions && (
        <div className="video-captions-fields">
          <TextField
            label="Captions name"
            value={widget.content.captions.label}
            maxLength={100}
            onChange={(event) =>
              widget.content.captions &&
              setContent({ captions: { ...widget.content.captions, label: event.target.value } })
            }
          />
          <TextField
            label="Captions language code"
            value={widget.content.captions.srclang}
            maxLength={11}
            onChange={(event) =>
              widget.content.captions &&
              setContent({ captions: { ...widget.content.captions, srclang: event.target.value.trim() } })
            }
          />
        </div>
      )}
      {target ? (
        <div className="studio-image-upload">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Video file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
              event.target.value = '';
            }}
          />
          <Button variant="secondary" busy={isSending} onClick={() => input.current?.click()}>
            {widget.content.video_id === null ? 'Upload video' : 'Replace video'}
          </Button>
          <span className="small muted">
            {VideoLimits.extensions.join(', ')}; up to {VIDEO_SIZE_LIMIT_TEXT} and 2 hours.
          </span>
          {progress?.state === UploadState.Uploading && (
            <progress className="video-progress" max={100} value={percent} aria-label="Upload progress">
              {percent}%
            </progress>
          )}
          <p
            className={`small studio-upload-status studio-upload-${progress?.state ?? 'idle'}`}
            role={progress?.state === UploadState.Failed ? 'alert' : 'status'}
          >
            {progress?.state === UploadState.Pending && `Preparing ${progress.fileName}…`}
            {progress?.state === UploadState.Uploading && `Uploading ${progress.fileName}: ${percent}%`}
            {progress?.state === UploadState.Successful && `Uploaded ${progress.fileName}.`}
            {progress?.state === UploadState.Failed &&
              `Could not upload ${progress.fileName}: ${progress.errorText}`}
          </p>
        </div>
      ) : (
        <p className="small muted">Save the lesson first; then a video can be uploaded to it.</p>
      )}
      {stream && (
        <p
          className="small studio-video-status"
          data-stream-state={stream.stream_state}
          role={stream.stream_state === StreamState.Failed ? 'alert' : 'status'}
        >
          {stream.file_name}: {STREAM_TEXT[stream.stream_state]}
          {stream.stream_state === StreamState.Failed && stream.error_text ? ` — ${stream.error_text}` : ''}
        </p>
      )}
      {status.isError && (
        <p className="small" role="alert">
          The video’s status could not be loaded.
        </p>
      )}
      {stream?.stream_state === StreamState.Ready && <VideoWidget widget={widget} />}
    </div>
  );
}
