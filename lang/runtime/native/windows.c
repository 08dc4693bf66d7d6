/* Pith shim for windows-x64: a console program on the mingw-w64 CRT, which
 * supplies the startup code, __main, ___chkstk_ms and the memory functions
 * (from msvcrt). Built with -municode so the CRT hands us wmain's UTF-16
 * arguments; they are converted to UTF-8 on demand. kernel32 is declared by
 * hand: including <windows.h> would triple the build time. */

#include "core.h"

typedef void *HANDLE;
typedef unsigned long DWORD;
typedef int BOOL;
typedef unsigned short wchar;

#define WINAPI __declspec(dllimport)
WINAPI HANDLE GetStdHandle(DWORD which);
WINAPI BOOL WriteFile(HANDLE file, const void *buf, DWORD len, DWORD *written, void *overlapped);
WINAPI BOOL ReadFile(HANDLE file, void *buf, DWORD len, DWORD *read, void *overlapped);
WINAPI __attribute__((noreturn)) void ExitProcess(unsigned code);
WINAPI void *VirtualAlloc(void *at, u64 size, DWORD type, DWORD protect);
WINAPI DWORD GetLastError(void);
WINAPI void GetSystemTimePreciseAsFileTime(u64 *filetime);
WINAPI BOOL QueryPerformanceCounter(i64 *count);
WINAPI BOOL QueryPerformanceFrequency(i64 *frequency);
WINAPI int WideCharToMultiByte(unsigned codepage, DWORD flags, const wchar *wide, int wide_len, char *out,
                               int out_len, const char *default_char, BOOL *used_default);

enum { MEM_COMMIT = 0x1000, MEM_RESERVE = 0x2000, PAGE_NOACCESS = 1, PAGE_READWRITE = 4, CP_UTF8 = 65001 };
enum { ERROR_BROKEN_PIPE = 109, ERROR_HANDLE_EOF = 38 };

/* Pith's fds 0/1/2 are the standard handles STD_INPUT/OUTPUT/ERROR_HANDLE. */
static HANDLE handle_for(int fd) {
  if (fd < 0 || fd > 2) return 0;
  return GetStdHandle((DWORD)(-10 - fd));
}

static int argc_;
static wchar **argv_;

static u64 wide_len(const wchar *s) {
  u64 n = 0;
  while (s[n]) n++;
  return n;
}

static u64 utf8_len(const wchar *w) { return (u64)WideCharToMultiByte(CP_UTF8, 0, w, (int)wide_len(w), 0, 0, 0, 0); }
/* Passing the length without the terminator keeps Windows from writing a NUL
 * past the bytes the runtime asked for. */
static void utf8_copy(const wchar *w, char *dst) {
  WideCharToMultiByte(CP_UTF8, 0, w, (int)wide_len(w), dst, (int)utf8_len(w), 0, 0);
}

static u64 os_arg_count(void) { return (u64)argc_; }
static u64 os_arg_len(u64 index) { return utf8_len(argv_[index]); }
static void os_arg_copy(u64 index, char *dst) { utf8_copy(argv_[index], dst); }

/* The CRT's environment (_wenviron, wmain's third parameter) minus the
 * per-drive entries like "=C:=C:\dir" that Windows keeps for cmd.exe: they
 * have no name, so no program can ask for them. */
static wchar **envp_;
static const wchar *env_entry(u64 index) {
  for (u64 i = 0; envp_ && envp_[i]; i++) {
    if (envp_[i][0] == '=') continue;
    if (index-- == 0) return envp_[i];
  }
  return 0;
}
static u64 os_env_count(void) {
  u64 n = 0;
  while (env_entry(n)) n++;
  return n;
}
static u64 os_env_len(u64 index) { return utf8_len(env_entry(index)); }
static void os_env_copy(u64 index, char *dst) { utf8_copy(env_entry(index), dst); }

/* FILETIME counts 100 ns since 1601; the performance counter ticks at its own frequency. */
static i64 os_clock(int id) {
  if (id == 0) {
    u64 ft = 0;
    GetSystemTimePreciseAsFileTime(&ft);
    return (i64)(ft - 116444736000000000ull) * 100;
  }
  i64 count = 0, freq = 1;
  QueryPerformanceCounter(&count);
  QueryPerformanceFrequency(&freq);
  return (count / freq) * 1000000000 + (count % freq) * 1000000000 / freq;
}

static void *os_reserve(u64 bytes) { return VirtualAlloc(0, bytes, MEM_RESERVE, PAGE_NOACCESS); }
static int os_commit(void *at, u64 bytes) { return VirtualAlloc(at, bytes, MEM_COMMIT, PAGE_READWRITE) ? 0 : -1; }

i64 pith_sys_write(int fd, const char *buf, i64 len) {
  HANDLE h = handle_for(fd);
  i64 done = 0;
  while (done < len) {
    DWORD chunk = len - done > 0x40000000 ? 0x40000000 : (DWORD)(len - done);
    DWORD n = 0;
    if (!h || !WriteFile(h, buf + done, chunk, &n, 0) || n == 0) return -1;
    done += n;
  }
  return done;
}

i64 pith_sys_read(int fd, char *buf, i64 len) {
  HANDLE h = handle_for(fd);
  DWORD chunk = len > 0x40000000 ? 0x40000000 : (DWORD)len;
  DWORD n = 0;
  if (!h) return -1;
  if (!ReadFile(h, buf, chunk, &n, 0)) {
    DWORD error = GetLastError();
    /* A closed pipe is how Windows says end of input. */
    return error == ERROR_BROKEN_PIPE || error == ERROR_HANDLE_EOF ? 0 : -1;
  }
  return (i64)n;
}

__attribute__((noreturn)) void pith_sys_exit(int code) { ExitProcess((unsigned)code); }

int wmain(int argc, wchar **argv, wchar **envp) {
  argc_ = argc;
  argv_ = argv;
  envp_ = envp;
  pith_sys_exit(pith_main());
}
