import type { Duplex } from 'node:stream';

/**
 * The judge harness: bash as the sandbox's pid 1 runs the learner's program once per test case, so a
 * whole submission costs one sandbox. The host feeds one case at a time over fd 4 and only sends the next
 * input after the previous result came back, so at any moment the sandbox holds at most the input of the
 * case being run (hidden inputs cannot be read ahead). After every case the harness kills everything but
 * itself (`kill -KILL -1` from pid 1), so nothing from one case survives into the next. The per-case wall
 * clock is enforced by the host, which kills the case's processes (not the harness) when it runs out;
 * the CPU limit is the inherited RLIMIT_CPU (SIGXCPU, status 152).
 *
 * Host → sandbox:  "<byte length>\n<input bytes>" per case, then "end\n".
 * Sandbox → host:  "R <status> <elapsed µs> <stdout size> <stderr size> <stdout sent> <stderr sent>\n"
 *                  followed by the sent bytes of stdout and stderr (each capped).
 *
 * Arguments: output cap in bytes, then the program's argv.
 */
export const JUDGE_HARNESS = `
cap=$1
shift
dir=/box/tmp/.judge
mkdir -p "$dir"
while IFS= read -r size <&4; do
  [ "$size" = end ] && break
  head -c "$size" <&4 >"$dir/in"
  start=\${EPOCHREALTIME/./}
  "$@" <"$dir/in" >"$dir/out" 2>"$dir/err" 4<&-
  status=$?
  end=\${EPOCHREALTIME/./}
  kill -KILL -1 2>/dev/null
  sizes=($(stat -c %s "$dir/out" "$dir/err"))
  out=\${sizes[0]:-0}
  err=\${sizes[1]:-0}
  if (( out <= cap && err <= cap )); then
    printf 'R %d %d %d %d %d %d\\n' "$status" "$((end - start))" "$out" "$err" "$out" "$err" >&4
    cat "$dir/out" "$dir/err" >&4
  else
    outSent=$(( out < cap ? out : cap ))
    errSent=$(( err < cap ? err : cap ))
    printf 'R %d %d %d %d %d %d\\n' "$status" "$((end - start))" "$out" "$err" "$outSent" "$errSent" >&4
    head -c "$outSent" "$dir/out" >&4
    head -c "$errSent" "$dir/err" >&4
  fi
done
`;

export interface CaseFrame {
  status: number;
  elapsedUs: number;
  stdout: Buffer;
  stderr: Buffer;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
}

/** Parses result frames from the channel as bytes arrive. */
export class FrameReader {
  private buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;

  constructor(channel: Duplex) {
    channel.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.notify();
    });
    const finish = () => {
      this.ended = true;
      this.notify();
    };
    channel.once('end', finish);
    channel.once('close', finish);
    channel.once('error', finish);
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private tryParse(): CaseFrame | null {
    const newline = this.buffer.indexOf(0x0a);
    if (newline === -1) return null;
    const fields = this.buffer.subarray(0, newline).toString('latin1').split(' ');
    if (fields[0] !== 'R' || fields.length !== 7)
      throw new Error('The judge harness sent a malformed frame.');
    const [status, elapsedUs, outSize, errSize, outSent, errSent] = fields.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const bodyStart = newline + 1;
    if (this.buffer.length < bodyStart + outSent + errSent) return null;
    const frame: CaseFrame = {
      status,
      elapsedUs,
      stdout: Buffer.from(this.buffer.subarray(bodyStart, bodyStart + outSent)),
      stderr: Buffer.from(this.buffer.subarray(bodyStart + outSent, bodyStart + outSent + errSent)),
      stdoutTruncated: outSize > outSent,
      stderrTruncated: errSize > errSent,
    };
    this.buffer = this.buffer.subarray(bodyStart + outSent + errSent);
    return frame;
  }

  /** The next case's frame, or null when the sandbox ended first. */
  async next(): Promise<CaseFrame | null> {
    for (;;) {
      const frame = this.tryParse();
      if (frame) return frame;
      if (this.ended) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }
}

export function caseInputFrame(input: string): Buffer {
  const bytes = Buffer.from(input, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length}\n`), bytes]);
}
