/**
 * The sandbox's seccomp filter: a classic BPF program that bwrap installs (`--seccomp FD`) right before it
 * starts the program, so it binds everything the program and its children do.
 *
 * The namespaces already take away what these calls could reach (no capabilities, no user namespaces, no
 * network). The filter is a second wall, for kernel code that is reachable without privileges and has a
 * history of bugs (io_uring, BPF, perf events, userfaultfd, keyrings), and for ptrace: processes of one
 * sandbox share a uid and could otherwise trace each other (a judged program tracing its harness).
 * Refused calls fail with EPERM, which programs handle (libuv falls back from io_uring, for instance).
 * Anything that is not the x86-64 system call ABI (32-bit `int 0x80`, x32) kills the process.
 */

/** x86-64 system call numbers refused inside the sandbox. */
export const REFUSED_SYSCALLS: Readonly<Record<string, number>> = {
  uselib: 134,
  ptrace: 101,
  syslog: 103,
  vhangup: 153,
  pivot_root: 155,
  adjtimex: 159,
  chroot: 161,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  sethostname: 170,
  setdomainname: 171,
  iopl: 172,
  ioperm: 173,
  create_module: 174,
  init_module: 175,
  delete_module: 176,
  get_kernel_syms: 177,
  query_module: 178,
  quotactl: 179,
  nfsservctl: 180,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  fanotify_init: 300,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
};

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const EPERM = 1;

// Classic BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h).
const BPF_LD_W_ABS = 0x20;
const BPF_JMP_JEQ_K = 0x15;
const BPF_JMP_JGE_K = 0x35;
const BPF_RET_K = 0x06;
const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_ALLOW = 0x7fff0000;
// struct seccomp_data: int nr; __u32 arch; …
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;

interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const statement = (code: number, k: number): Instruction => ({ code, jt: 0, jf: 0, k });
const jump = (code: number, k: number, jt: number, jf: number): Instruction => ({ code, jt, jf, k });

/** The filter as bwrap reads it: an array of `struct sock_filter` (8 bytes each, little-endian). */
export function buildSeccompFilter(refused: readonly number[] = Object.values(REFUSED_SYSCALLS)): Buffer {
  const numbers = [...new Set(refused)].sort((a, b) => a - b);
  const program: Instruction[] = [
    statement(BPF_LD_W_ABS, OFFSET_ARCH),
    jump(BPF_JMP_JEQ_K, AUDIT_ARCH_X86_64, 1, 0),
    statement(BPF_RET_K, SECCOMP_RET_KILL_PROCESS),
    statement(BPF_LD_W_ABS, OFFSET_NR),
    // x32 calls are numbered from 0x40000000 and would bypass the list below.
    jump(BPF_JMP_JGE_K, X32_SYSCALL_BIT, 0, 1),
    statement(BPF_RET_K, SECCOMP_RET_KILL_PROCESS),
  ];
  // One comparison per refused call; a match jumps to the EPERM return after the ALLOW.
  numbers.forEach((number, index) => {
    const toDeny = numbers.length - index; // past the remaining comparisons and the ALLOW
    program.push(jump(BPF_JMP_JEQ_K, number, toDeny, 0));
  });
  program.push(statement(BPF_RET_K, SECCOMP_RET_ALLOW));
  program.push(statement(BPF_RET_K, SECCOMP_RET_ERRNO | EPERM));
  const buffer = Buffer.alloc(program.length * 8);
  program.forEach((instruction, index) => {
    buffer.writeUInt16LE(instruction.code, index * 8);
    buffer.writeUInt8(instruction.jt, index * 8 + 2);
    buffer.writeUInt8(instruction.jf, index * 8 + 3);
    buffer.writeUInt32LE(instruction.k >>> 0, index * 8 + 4);
  });
  return buffer;
}

/** Built once: the same bytes serve every run. */
export const SECCOMP_FILTER = buildSeccompFilter();

/**
 * Live instances are a learner's own machine for a while: debugging their own processes (gdb, strace)
 * is allowed there. Checks run apart, as another uid in another pid namespace, so tracing cannot reach them.
 */
const TRACING = new Set(['ptrace', 'process_vm_readv', 'process_vm_writev']);
export const INSTANCE_SECCOMP_FILTER = buildSeccompFilter(
  Object.entries(REFUSED_SYSCALLS)
    .filter(([name]) => !TRACING.has(name))
    .map(([, number]) => number),
);
