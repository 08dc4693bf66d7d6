/* The part of the Pith native shim that is the same on every OS: the heap
 * (wasm memory.grow semantics over one reserved region), the program
 * arguments, and the memory functions a libc would otherwise provide.
 *
 * libm.h adds the math functions LLVM may call (fmod for frem, floor...).
 *
 * Each OS file (linux_raw.c, posix_libc.c, windows.c) defines the OS
 * primitives below and then includes this file, so one build compiles the
 * shim as a single translation unit (one cc1 run, which keeps builds fast).
 *
 *   static void *os_reserve(u64 bytes);            null when refused
 *   static int   os_commit(void *at, u64 bytes);   0 on success
 *   static u64   os_arg_count(void);
 *   static u64   os_arg_len(u64 index);            UTF-8 bytes, no NUL
 *   static void  os_arg_copy(u64 index, char *dst);
 *   static u64   os_env_count(void);               environment entries "NAME=value"
 *   static u64   os_env_len(u64 index);            UTF-8 bytes, no NUL
 *   static void  os_env_copy(u64 index, char *dst);
 */

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;

#define PITH_PAGE_BYTES 65536ull
/* wasm32 can address 4 GiB, so that is all Pith's i32 offsets can reach. */
#define PITH_MAX_PAGES 65536ull

static char *heap_base;
static u64 heap_pages;     /* committed, in 64 KiB pages */
static u64 heap_max_pages; /* reserved, in 64 KiB pages */

static void *os_reserve(u64 bytes);
static int os_commit(void *at, u64 bytes);
static u64 os_arg_count(void);
static u64 os_arg_len(u64 index);
static void os_arg_copy(u64 index, char *dst);
static u64 os_env_count(void);
static u64 os_env_len(u64 index);
static void os_env_copy(u64 index, char *dst);
/* Nanoseconds: id 0 since 1970-01-01 UTC (wall clock), id 1 on a monotonic clock. */
static i64 os_clock(int id);

/* Reserve address space once, lazily. If the OS refuses 4 GiB (a tight
 * RLIMIT_AS, a 32-bit-limited emulator) settle for less: heap_grow then
 * reports -1 earlier, exactly like a wasm module with a smaller maximum. */
static void heap_reserve(void) {
  if (heap_base) return;
  for (u64 pages = PITH_MAX_PAGES; pages >= 16; pages /= 4) {
    void *at = os_reserve(pages * PITH_PAGE_BYTES);
    if (at) {
      heap_base = (char *)at;
      heap_max_pages = pages;
      return;
    }
  }
}

void *pith_sys_heap_base(void) {
  heap_reserve();
  return heap_base;
}

int pith_sys_heap_grow(int pages) {
  heap_reserve();
  if (!heap_base || pages < 0) return -1;
  u64 old = heap_pages;
  if ((u64)pages > heap_max_pages - old) return -1;
  if (pages > 0 && os_commit(heap_base + old * PITH_PAGE_BYTES, (u64)pages * PITH_PAGE_BYTES) != 0)
    return -1;
  heap_pages = old + (u64)pages;
  return (int)old;
}

int pith_sys_argc(void) { return (int)os_arg_count(); }

/* Out-of-range indexes answer -1 rather than trapping: the runtime checks. */
i64 pith_sys_arg_len(int index) {
  if (index < 0 || (u64)index >= os_arg_count()) return -1;
  return (i64)os_arg_len((u64)index);
}

void pith_sys_arg_copy(int index, char *dst) {
  if (index < 0 || (u64)index >= os_arg_count()) return;
  os_arg_copy((u64)index, dst);
}

/* The environment as WASI environ_get sees it: "NAME=value" entries. */
int pith_sys_envc(void) { return (int)os_env_count(); }

i64 pith_sys_env_len(int index) {
  if (index < 0 || (u64)index >= os_env_count()) return -1;
  return (i64)os_env_len((u64)index);
}

void pith_sys_env_copy(int index, char *dst) {
  if (index < 0 || (u64)index >= os_env_count()) return;
  os_env_copy((u64)index, dst);
}

i64 pith_sys_clock(int id) { return os_clock(id == 0 ? 0 : 1); }

#ifdef PITH_SHIM_DEFINES_MEM
/* No libc on these targets, yet LLVM lowers llvm.memset/memcpy/memmove (and
 * loops it recognises) to calls. -ffreestanding marks these bodies
 * "no-builtins", so they are not themselves turned back into calls. */
void *memset(void *dst, int byte, u64 n) {
  unsigned char *d = (unsigned char *)dst;
  for (u64 i = 0; i < n; i++) d[i] = (unsigned char)byte;
  return dst;
}

void *memcpy(void *dst, const void *src, u64 n) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  for (u64 i = 0; i < n; i++) d[i] = s[i];
  return dst;
}

void *memmove(void *dst, const void *src, u64 n) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  if (d < s) {
    for (u64 i = 0; i < n; i++) d[i] = s[i];
  } else {
    for (u64 i = n; i > 0; i--) d[i - 1] = s[i - 1];
  }
  return dst;
}

int memcmp(const void *a, const void *b, u64 n) {
  const unsigned char *x = (const unsigned char *)a;
  const unsigned char *y = (const unsigned char *)b;
  for (u64 i = 0; i < n; i++)
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}
#endif

#include "libm.h"

static u64 c_string_len(const char *s) {
  u64 n = 0;
  while (s[n]) n++;
  return n;
}

/* Entries of a NULL-terminated C string vector (argv, envp). */
static u64 c_vector_len(char **v) {
  u64 n = 0;
  while (v && v[n]) n++;
  return n;
}

static void c_string_copy(const char *s, char *dst) {
  for (u64 i = 0; s[i]; i++) dst[i] = s[i];
}

int pith_main(void);
