import { VIDEO_SIZE_LIMIT_TEXT, VideoLimits } from '@coderoom/domain';

// Messages of lesson videos. The spec names the calls but none of their messages; these are ours, plain
// and specific (docs/media.md).
export const VideoErrors = {
  NotAnEditor: 'Only the authors of this content can add videos to it.',
  UnsupportedFileType: `Only ${VideoLimits.extensions.join(', ')} videos can be uploaded.`,
  TooLarge: `Videos can be at most ${VIDEO_SIZE_LIMIT_TEXT}.`,
  TooLong: `Videos can be at most ${VideoLimits.maxDurationSeconds / 3600} hours long.`,
  VideoNotFound: 'This video does not exist or is not available to you.',
  NotReadyToCopy: 'Only a video that has finished processing can be copied.',
  UploadLinkInvalid: 'This upload address is not valid.',
  UploadLinkExpired: 'This upload address has expired. Start the upload again.',
  UploadFinished: 'This video has been uploaded already.',
  UploadBusy: 'Another upload of this video is under way.',
  OffsetMismatch: (offset: number) => `The upload continues from byte ${offset}.`,
  LargerThanAnnounced: 'The file is larger than the size given when the upload started.',
  TusVersion: 'Send Tus-Resumable: 1.0.0.',
  TusContentType: 'Send the bytes as application/offset+octet-stream.',
  TusOffsetMissing: 'Send the Upload-Offset header.',
  StreamLinkInvalid: 'This video link is not valid.',
  StreamLinkExpired: 'This video link has expired. Reload the lesson.',
  StreamLinkNotYours: 'This video link was made for someone else.',
  NotReady: 'This video is not ready to play yet.',
  SourceMissing: 'The uploaded file is missing; upload it again.',
} as const;
