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

/* Unaligned 8-byte words: copies run a word at a time. The copies the
 * programs make are mostly small (a struct, an array of a few dozen
 * elements), so both sizes under 16 bytes and the tail of longer copies use
 * two overlapping accesses instead of a byte loop. */
typedef u64 __attribute__((may_alias, aligned(1))) unaligned_u64;
typedef u32 __attribute__((may_alias, aligned(1))) unaligned_u32;

static inline u64 load64(const unsigned char *p) { return *(const unaligned_u64 *)p; }
static inline void store64(unsigned char *p, u64 v) { *(unaligned_u64 *)p = v; }

/* Copies n < 16 bytes; every load comes before any store, so the ranges may overlap. */
static inline void copy_small(unsigned char *d, const unsigned char *s, u64 n) {
  if (n >= 8) {
    u64 a = load64(s), b = load64(s + n - 8);
    store64(d, a);
    store64(d + n - 8, b);
  } else if (n >= 4) {
    u32 a = *(const unaligned_u32 *)s, b = *(const unaligned_u32 *)(s + n - 4);
    *(unaligned_u32 *)d = a;
    *(unaligned_u32 *)(d + n - 4) = b;
  } else if (n > 0) {
    unsigned char a = s[0], b = s[n / 2], c = s[n - 1];
    d[0] = a;
    d[n / 2] = b;
    d[n - 1] = c;
  }
}

/* Copies n >= 16 bytes from the front when d is below s (or they do not
 * overlap): each word is read before the stores reach it. The last 16 bytes
 * are read first, because the word stores may overwrite them. */
static void copy_forward(unsigned char *d, const unsigned char *s, u64 n) {
  u64 t0 = load64(s + n - 16), t1 = load64(s + n - 8);
  for (u64 i = 0; i + 16 <= n; i += 16) {
    u64 a = load64(s + i), b = load64(s + i + 8);
    store64(d + i, a);
    store64(d + i + 8, b);
  }
  store64(d + n - 16, t0);
  store64(d + n - 8, t1);
}

/* The same from the back, for d above s. */
static void copy_backward(unsigned char *d, const unsigned char *s, u64 n) {
  u64 h0 = load64(s), h1 = load64(s + 8);
  for (u64 i = n; i >= 16; i -= 16) {
    u64 a = load64(s + i - 16), b = load64(s + i - 8);
    store64(d + i - 16, a);
    store64(d + i - 8, b);
  }
  store64(d, h0);
  store64(d + 8, h1);
}

void *memcpy(void *dst, const void *src, u64 n) {
  if (n < 16) copy_small((unsigned char *)dst, (const unsigned char *)src, n);
  else copy_forward((unsigned char *)dst, (const unsigned char *)src, n);
  return dst;
}

void *memmove(void *dst, const void *src, u64 n) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  if (n < 16) copy_small(d, s, n);
  else if (d <= s || d >= s + n) copy_forward(d, s, n);
  else copy_backward(d, s, n);
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
