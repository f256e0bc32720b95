import { describe, expect, it } from 'vitest';
import { buildSeccompFilter, REFUSED_SYSCALLS, SECCOMP_FILTER } from './seccomp.js';

/** Runs the classic BPF program the way the kernel does for one system call; returns its verdict. */
function evaluate(filter: Buffer, nr: number, arch = 0xc000003e): number {
  let accumulator = 0;
  let pc = 0;
  for (let steps = 0; steps < 10_000; steps += 1) {
    const code = filter.readUInt16LE(pc * 8);
    const jt = filter.readUInt8(pc * 8 + 2);
    const jf = filter.readUInt8(pc * 8 + 3);
    const k = filter.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) accumulator = k === 0 ? nr >>> 0 : k === 4 ? arch : Number.NaN;
    else if (code === 0x06) return k;
    else if (code === 0x15) {
      pc += accumulator === k ? jt : jf;
    } else if (code === 0x35) {
      pc += accumulator >= k ? jt : jf;
    } else throw new Error(`unexpected opcode ${code}`);
    pc += 1;
  }
  throw new Error('the program does not end');
}

const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const KILL = 0x80000000;

describe('the seccomp filter', () => {
  it('refuses each listed call with EPERM and allows the others', () => {
    for (const [name, nr] of Object.entries(REFUSED_SYSCALLS)) {
      expect([name, evaluate(SECCOMP_FILTER, nr)]).toEqual([name, EPERM]);
    }
    const refused = new Set(Object.values(REFUSED_SYSCALLS));
    for (let nr = 0; nr < 460; nr += 1) {
      if (!refused.has(nr)) expect(evaluate(SECCOMP_FILTER, nr)).toBe(ALLOW);
    }
  });

  it('kills x32 calls and calls through another ABI', () => {
    expect(evaluate(SECCOMP_FILTER, 0x40000000 + 101)).toBe(KILL);
    expect(evaluate(SECCOMP_FILTER, 0x40000000)).toBe(KILL);
    expect(evaluate(SECCOMP_FILTER, 26, 0x40000003)).toBe(KILL); // i386 (int 0x80)
  });

  it('builds a program of 8-byte instructions whose jumps stay inside it', () => {
    const filter = buildSeccompFilter([1, 2, 3]);
    expect(filter.length % 8).toBe(0);
    expect(evaluate(filter, 2)).toBe(EPERM);
    expect(evaluate(filter, 4)).toBe(ALLOW);
  });
});
