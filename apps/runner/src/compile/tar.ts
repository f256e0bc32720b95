/**
 * Reads the ustar stream a compile sandbox writes to fd 4 (`tar -C /box/out -cf - .`). Only regular files
 * are kept; names are checked like learner file names, so a hostile compile step cannot smuggle in
 * symlinks or paths that escape /box/bin. Nothing is ever written to the host's disk.
 */
export interface TarFile {
  path: string;
  content: Buffer;
  mode: number;
}

const BLOCK = 512;
const SAFE_PATH = /^[A-Za-z0-9_$][A-Za-z0-9_.$-]*(\/[A-Za-z0-9_$][A-Za-z0-9_.$-]*)*$/;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

export function readTar(archive: Buffer): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const dataStart = offset + BLOCK;
    if (!Number.isFinite(size) || size < 0 || dataStart + size > archive.length) {
      throw new Error('The compiler output archive is truncated.');
    }
    const fullName = (prefix ? `${prefix}/${name}` : name).replace(/^\.\//, '');
    if ((type === '0' || type === '\0') && fullName !== '') {
      if (!SAFE_PATH.test(fullName)) throw new Error(`Unexpected compiler output file "${fullName}".`);
      files.push({
        path: fullName,
        content: Buffer.from(archive.subarray(dataStart, dataStart + size)),
        mode,
      });
    }
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
