import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { MediaErrors } from './media.errors.js';
import { hasSignatureOf, type ImageFormat, SIGNATURE_BYTES } from './media.images.js';

// The checks an uploaded file passes on its way to storage, as a stream stage: at most maxSize bytes,
// and first bytes of the announced format. It fails the stream as soon as either check fails, so the
// storage write is abandoned (and nothing is kept) without reading the rest.

/** A file refused on its size or content; the service answers it with ASSET_UPLOAD_FAILED. */
export class UploadRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UploadRejected';
  }
}

export class ImageUploadCheck extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private verified = false;

  constructor(
    private readonly format: ImageFormat,
    private readonly maxSize: number,
    private readonly tooLargeMessage: string,
  ) {
    super();
  }

  /** Hex SHA-256 of everything that passed; complete once the stream has ended. */
  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxSize) {
      callback(new UploadRejected(this.tooLargeMessage));
      return;
    }
    this.hash.update(chunk);
    if (this.verified) {
      callback(null, chunk);
      return;
    }
    // Hold the first bytes back until there are enough to recognise the format.
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SIGNATURE_BYTES) {
      callback();
      return;
    }
    callback(this.releaseHead());
  }

  override _flush(callback: TransformCallback): void {
    callback(this.verified ? null : this.releaseHead());
  }

  private releaseHead(): Error | null {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (!hasSignatureOf(this.format, head))
      return new UploadRejected(MediaErrors.NotThatImage(this.format.extension));
    this.verified = true;
    this.push(head);
    return null;
  }
}
