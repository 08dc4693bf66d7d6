/* Pith shim for targets that link the system C library: linux-arm64-gnu
 * (glibc, dynamic) and macOS (libSystem only, through libSystem.tbd). The C
 * library's startup calls main; the shim only forwards to it. Prototypes are
 * written out instead of including headers: the macOS SDK is not available
 * here, and skipping headers keeps the build fast. */

#include "core.h"

typedef long ssize_t_;
ssize_t_ write(int fd, const void *buf, u64 len);
ssize_t_ read(int fd, void *buf, u64 len);
void *mmap(void *addr, u64 len, int prot, int flags, int fd, long offset);
int mprotect(void *addr, u64 len, int prot);
__attribute__((noreturn)) void _exit(int code);

#if defined(__APPLE__)
#define PITH_ERRNO_LOCATION __error
enum { MAP_PRIVATE = 0x02, MAP_ANON = 0x1000, MAP_NORESERVE = 0x40 };
#else
#define PITH_ERRNO_LOCATION __errno_location
enum { MAP_PRIVATE = 0x02, MAP_ANON = 0x20, MAP_NORESERVE = 0x4000 };
#endif
int *PITH_ERRNO_LOCATION(void);

struct pith_timespec { long sec; long nsec; };
int clock_gettime(int clock, struct pith_timespec *ts);
#if defined(__APPLE__)
enum { PITH_CLOCK_MONOTONIC = 6 };
#else
enum { PITH_CLOCK_MONOTONIC = 1 };
#endif

static i64 os_clock(int id) {
  struct pith_timespec ts = {0, 0};
  clock_gettime(id == 0 ? 0 : PITH_CLOCK_MONOTONIC, &ts);
  return (i64)ts.sec * 1000000000 + ts.nsec;
}

enum { EINTR = 4, PROT_NONE = 0, PROT_RW = 3 };

static u64 argc_;
static char **argv_;
static char **envp_;

static u64 os_arg_count(void) { return argc_; }
static u64 os_arg_len(u64 index) { return c_string_len(argv_[index]); }
static void os_arg_copy(u64 index, char *dst) { c_string_copy(argv_[index], dst); }
static u64 os_env_count(void) { return c_vector_len(envp_); }
static u64 os_env_len(u64 index) { return c_string_len(envp_[index]); }
static void os_env_copy(u64 index, char *dst) { c_string_copy(envp_[index], dst); }

static void *os_reserve(u64 bytes) {
  void *at = mmap(0, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANON | MAP_NORESERVE, -1, 0);
  return at == (void *)-1 ? 0 : at;
}

static int os_commit(void *at, u64 bytes) { return mprotect(at, bytes, PROT_RW); }

i64 pith_sys_write(int fd, const char *buf, i64 len) {
  i64 done = 0;
  while (done < len) {
    ssize_t_ n = write(fd, buf + done, (u64)(len - done));
    if (n < 0 && *PITH_ERRNO_LOCATION() == EINTR) continue;
    if (n <= 0) return -1;
    done += n;
  }
  return done;
}

i64 pith_sys_read(int fd, char *buf, i64 len) {
  for (;;) {
    ssize_t_ n = read(fd, buf, (u64)len);
    if (n < 0 && *PITH_ERRNO_LOCATION() == EINTR) continue;
    return n < 0 ? -1 : n;
  }
}

/* _exit, not exit: the shim buffers nothing, and Pith has no atexit hooks. */
__attribute__((noreturn)) void pith_sys_exit(int code) { _exit(code); }

/* The third parameter is the environment on glibc and on macOS (dyld passes
 * it to LC_MAIN's entry), so no libc symbol is needed for it. */
int main(int argc, char **argv, char **envp) {
  argc_ = (u64)argc;
  argv_ = argv;
  envp_ = envp;
  pith_sys_exit(pith_main());
}
