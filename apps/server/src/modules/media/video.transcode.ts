import { spawn } from 'node:child_process';

// ffmpeg and ffprobe (Debian's, installed by scripts/install-system-deps.sh) as the worker uses them:
// one probe of the upload, then one transcode to HLS (H.264 video, AAC audio, MPEG-TS segments), which
// Chromium, Firefox and Safari all play (natively or through hls.js). Arguments are arrays, never a
// shell line, and the input is a file the server named.

/** A transcode of a two-hour upload on a small server; past this the job gives up. */
const TRANSCODE_TIMEOUT_MS = 3 * 60 * 60_000;
const PROBE_TIMEOUT_MS = 60_000;
/** Seconds of video per HLS segment: short enough to start fast, long enough to keep requests few. */
export const SEGMENT_SECONDS = 4;

export interface ProbedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** ffmpeg is missing, or refused the file: the message is for the author. */
export class TranscodeFailed extends Error {
  constructor(
    message: string,
    /** ffmpeg's own last lines, for the log (never shown to the author). */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'TranscodeFailed';
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    // Keep only the tail: ffmpeg's progress lines are long, and the last lines say what went wrong.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new TranscodeFailed(
              `Video processing is not available on this server (${command} is not installed).`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new ProcessFailed(command, signal ? `killed by ${signal}` : `exit ${code}`, stderr));
    });
  });
}

/** A non-zero exit: the author gets a plain message, the log gets ffmpeg's last words. */
export class ProcessFailed extends Error {
  constructor(
    readonly command: string,
    readonly outcome: string,
    readonly stderr: string,
  ) {
    super(`${command} failed (${outcome})`);
    this.name = 'ProcessFailed';
  }
}

export interface Transcoder {
  probe(file: string): Promise<ProbedVideo>;
  /** Writes index.m3u8 and seg_000.ts… into outDir. */
  toHls(file: string, outDir: string, video: ProbedVideo): Promise<void>;
}

export function createTranscoder(binaries: { ffmpeg: string; ffprobe: string }): Transcoder {
  return {
    async probe(file) {
      let output: string;
      try {
        output = await run(
          binaries.ffprobe,
          ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
          PROBE_TIMEOUT_MS,
        );
      } catch (error) {
        if (error instanceof ProcessFailed) {
          throw new TranscodeFailed('The file is not a video we can read.', error.stderr);
        }
        throw error;
      }
      const parsed = JSON.parse(output) as {
        format?: { duration?: string };
        streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>;
      };
      const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && stream.width);
      if (!video) throw new TranscodeFailed('The file has no video picture in it.');
      const durationSeconds = Number(parsed.format?.duration ?? video.duration ?? Number.NaN);
      if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
        throw new TranscodeFailed('The length of this video cannot be read.');
      }
      return {
        durationSeconds,
        width: video.width ?? 0,
        height: video.height ?? 0,
        hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
      };
    },

    async toHls(file, outDir, video) {
      const args = [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', file],
        ...['-map', '0:v:0', ...(video.hasAudio ? ['-map', '0:a:0'] : [])],
        // H.264 main profile in yuv420p plays everywhere; at most 720 lines tall (even sizes for x264).
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
        ...['-vf', "scale=-2:'min(720,trunc(ih/2)*2)'", '-crf', '23'],
        // A keyframe at every segment boundary, so every segment starts cleanly.
        ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
        ...(video.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
        ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
        ...['-hls_segment_filename', `${outDir}/seg_%03d.ts`, `${outDir}/index.m3u8`],
      ];
      try {
        await run(binaries.ffmpeg, args, TRANSCODE_TIMEOUT_MS);
      } catch (error) {
        if (error instanceof ProcessFailed) {
          throw new TranscodeFailed('The video could not be converted for streaming.', error.stderr);
        }
        throw error;
      }
    },
  };
}
