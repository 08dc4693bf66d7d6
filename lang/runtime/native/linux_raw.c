/* Pith shim for static Linux without a libc (linux-x64, linux-*-musl):
 * our own _start and raw system calls, so the executable has no dynamic
 * loader and no dependency at all. Compiled with -ffreestanding -nostdlib. */

#define PITH_SHIM_DEFINES_MEM
#include "core.h"

#if defined(__x86_64__)
enum { SYS_read = 0, SYS_write = 1, SYS_mmap = 9, SYS_mprotect = 10, SYS_clock_gettime = 228, SYS_exit_group = 231 };
#elif defined(__aarch64__) || defined(__riscv)
/* arm64 and riscv64 share the generic system call table. */
enum { SYS_read = 63, SYS_write = 64, SYS_mmap = 222, SYS_mprotect = 226, SYS_clock_gettime = 113, SYS_exit_group = 94 };
#else
#error "linux_raw.c: unsupported architecture"
#endif

/* 128-bit division. Without a libc there is no compiler-rt either, yet
 * LLVM's loop passes may compute a trip count in i128 (a `while m <= limit
 * { m += p }` loop whose step is not a constant), and on arm64 and riscv64
 * an i128 division is a call to __udivti3. Shift-and-subtract, with the
 * usual 64-bit case first; nothing here divides an i128, so these bodies
 * never call themselves. */
typedef unsigned __int128 u128;
typedef __int128 i128;

static u128 udivmod128(u128 n, u128 d, u128 *rem) {
  if ((n >> 64) == 0 && (d >> 64) == 0) {
    u64 a = (u64)n, b = (u64)d;
    if (rem) *rem = a % b;
    return a / b;
  }
  u128 q = 0, r = 0;
  for (int i = 127; i >= 0; i--) {
    r = (r << 1) | ((n >> i) & 1);
    if (r >= d) {
      r -= d;
      q |= (u128)1 << i;
    }
  }
  if (rem) *rem = r;
  return q;
}

u128 __udivti3(u128 n, u128 d) { return udivmod128(n, d, 0); }

u128 __umodti3(u128 n, u128 d) {
  u128 r;
  udivmod128(n, d, &r);
  return r;
}

i128 __divti3(i128 n, i128 d) {
  u128 un = n < 0 ? -(u128)n : (u128)n, ud = d < 0 ? -(u128)d : (u128)d;
  u128 q = udivmod128(un, ud, 0);
  return (i128)((n < 0) != (d < 0) ? -q : q);
}

i128 __modti3(i128 n, i128 d) {
  u128 un = n < 0 ? -(u128)n : (u128)n, ud = d < 0 ? -(u128)d : (u128)d, r;
  udivmod128(un, ud, &r);
  return (i128)(n < 0 ? -r : r);
}

enum { EINTR = 4, PROT_NONE = 0, PROT_RW = 3, MAP_PRIVATE_ANON_NORESERVE = 0x02 | 0x20 | 0x4000 };

static i64 syscall6(i64 n, i64 a, i64 b, i64 c, i64 d, i64 e, i64 f) {
#if defined(__x86_64__)
  register i64 r10 __asm__("r10") = d;
  register i64 r8 __asm__("r8") = e;
  register i64 r9 __asm__("r9") = f;
  i64 ret;
  __asm__ volatile("syscall"
                   : "=a"(ret)
                   : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                   : "rcx", "r11", "memory");
  return ret;
#elif defined(__aarch64__)
  register i64 x8 __asm__("x8") = n;
  register i64 x0 __asm__("x0") = a;
  register i64 x1 __asm__("x1") = b;
  register i64 x2 __asm__("x2") = c;
  register i64 x3 __asm__("x3") = d;
  register i64 x4 __asm__("x4") = e;
  register i64 x5 __asm__("x5") = f;
  __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5) : "memory");
  return x0;
#else
  register i64 a7 __asm__("a7") = n;
  register i64 a0 __asm__("a0") = a;
  register i64 a1 __asm__("a1") = b;
  register i64 a2 __asm__("a2") = c;
  register i64 a3 __asm__("a3") = d;
  register i64 a4 __asm__("a4") = e;
  register i64 a5 __asm__("a5") = f;
  __asm__ volatile("ecall" : "+r"(a0) : "r"(a7), "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5) : "memory");
  return a0;
#endif
}

/* The kernel enters _start with the stack pointer at argc; argv follows,
 * then envp (both NULL-terminated).
 * x86-64 arrives with rsp % 16 == 0 but compiled code expects the state
 * right after a call, so realign and call rather than jump. */
#if defined(__x86_64__)
__asm__(".text\n.globl _start\n.type _start,@function\n_start:\n"
        "  xorl %ebp, %ebp\n  movq %rsp, %rdi\n  andq $-16, %rsp\n  callq pith_start\n  ud2\n");
#elif defined(__aarch64__)
__asm__(".text\n.globl _start\n.type _start,%function\n_start:\n"
        "  mov x29, #0\n  mov x30, #0\n  mov x0, sp\n  bl pith_start\n  brk #0\n");
#else
__asm__(".text\n.globl _start\n.type _start,@function\n_start:\n"
        "  mv fp, zero\n  mv ra, zero\n  mv a0, sp\n  call pith_start\n  unimp\n");
#endif

static u64 argc_;
static char **argv_;
static char **envp_;

static u64 os_arg_count(void) { return argc_; }
static u64 os_arg_len(u64 index) { return c_string_len(argv_[index]); }
static void os_arg_copy(u64 index, char *dst) { c_string_copy(argv_[index], dst); }
static u64 os_env_count(void) { return c_vector_len(envp_); }
static u64 os_env_len(u64 index) { return c_string_len(envp_[index]); }
static void os_env_copy(u64 index, char *dst) { c_string_copy(envp_[index], dst); }

/* CLOCK_REALTIME is 0 and CLOCK_MONOTONIC 1 on every Linux architecture. */
static i64 os_clock(int id) {
  i64 ts[2] = {0, 0};
  syscall6(SYS_clock_gettime, id, (i64)ts, 0, 0, 0, 0);
  return ts[0] * 1000000000 + ts[1];
}

static void *os_reserve(u64 bytes) {
  i64 at = syscall6(SYS_mmap, 0, (i64)bytes, PROT_NONE, MAP_PRIVATE_ANON_NORESERVE, -1, 0);
  return at < 0 && at > -4096 ? 0 : (void *)at;
}

static int os_commit(void *at, u64 bytes) {
  return syscall6(SYS_mprotect, (i64)at, (i64)bytes, PROT_RW, 0, 0, 0) == 0 ? 0 : -1;
}

/* Writes everything or fails: short writes to pipes are retried here so the
 * runtime never has to. */
i64 pith_sys_write(int fd, const char *buf, i64 len) {
  i64 done = 0;
  while (done < len) {
    i64 n = syscall6(SYS_write, fd, (i64)(buf + done), len - done, 0, 0, 0);
    if (n == -EINTR) continue;
    if (n <= 0) return -1;
    done += n;
  }
  return done;
}

i64 pith_sys_read(int fd, char *buf, i64 len) {
  for (;;) {
    i64 n = syscall6(SYS_read, fd, (i64)buf, len, 0, 0, 0);
    if (n == -EINTR) continue;
    return n < 0 ? -1 : n;
  }
}

__attribute__((noreturn)) void pith_sys_exit(int code) {
  for (;;) syscall6(SYS_exit_group, code, 0, 0, 0, 0, 0);
}

__attribute__((noreturn, used)) void pith_start(u64 *sp) {
  argc_ = sp[0];
  argv_ = (char **)(sp + 1);
  envp_ = argv_ + argc_ + 1; /* the environment follows argv's NULL */
  pith_sys_exit(pith_main());
}
