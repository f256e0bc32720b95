import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar } from './tar.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-tar-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function archive(): Buffer {
  return execFileSync('/usr/bin/tar', ['--format=ustar', '-C', dir, '-cf', '-', '.']);
}

describe('readTar', () => {
  it('keeps regular files with their content and mode, in memory', () => {
    fs.mkdirSync(path.join(dir, 'pkg'));
    fs.writeFileSync(path.join(dir, 'main'), 'binary', { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'pkg', 'Main$Inner.class'), 'class');
    const files = readTar(archive());
    expect(files.map((file) => file.path).sort()).toEqual(['main', 'pkg/Main$Inner.class']);
    const main = files.find((file) => file.path === 'main');
    expect(main?.content.toString()).toBe('binary');
    expect((main?.mode ?? 0) & 0o111).not.toBe(0);
  });

  it('drops symlinks a hostile compile step could plant', () => {
    fs.symlinkSync('/etc/shadow', path.join(dir, 'shadow'));
    const files = readTar(archive());
    expect(files.map((file) => file.path)).not.toContain('shadow');
  });
});
