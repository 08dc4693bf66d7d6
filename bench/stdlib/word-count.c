// Word frequencies of stdin: a hand-rolled open-addressing map (FNV-1a), then qsort.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const char *w; int len; long count; } Entry;
static Entry *entries; static int n_entries, cap_entries;
static int *slots; static int n_slots;

static uint64_t hash(const char *s, int n) {
  uint64_t h = 14695981039346656037ull;
  for (int i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h ^ (h >> 29);
}
static void grow(void) {
  n_slots = n_slots ? n_slots * 2 : 1024;
  free(slots);
  slots = calloc(n_slots, sizeof(int));
  for (int e = 0; e < n_entries; e++) {
    size_t i = hash(entries[e].w, entries[e].len) & (n_slots - 1);
    while (slots[i]) i = (i + 1) & (n_slots - 1);
    slots[i] = e + 1;
  }
}
static void add(const char *w, int len) {
  if ((n_entries + 1) * 4 >= n_slots * 3) grow();
  size_t i = hash(w, len) & (n_slots - 1);
  while (slots[i]) {
    Entry *e = &entries[slots[i] - 1];
    if (e->len == len && memcmp(e->w, w, len) == 0) { e->count++; return; }
    i = (i + 1) & (n_slots - 1);
  }
  if (n_entries == cap_entries) { cap_entries = cap_entries ? cap_entries * 2 : 1024; entries = realloc(entries, cap_entries * sizeof(Entry)); }
  entries[n_entries] = (Entry){w, len, 1};
  slots[i] = ++n_entries;
}
static int letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int cmp(const void *a, const void *b) {
  const Entry *x = a, *y = b;
  if (x->count != y->count) return x->count > y->count ? -1 : 1;
  int n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->w, y->w, n);
  return c ? c : x->len - y->len;
}
int main(void) {
  size_t cap = 1 << 20, n = 0, r;
  char *text = malloc(cap);
  while ((r = fread(text + n, 1, cap - n, stdin)) > 0) { n += r; if (n == cap) text = realloc(text, cap *= 2); }
  grow();
  size_t i = 0;
  while (i < n) {
    while (i < n && !letter(text[i])) i++;
    size_t start = i;
    while (i < n && letter(text[i])) i++;
    if (i > start) add(text + start, (int)(i - start));
  }
  printf("%d distinct words\n", n_entries);
  qsort(entries, n_entries, sizeof(Entry), cmp);
  for (int k = 0; k < 10; k++) printf("%.*s %ld\n", entries[k].len, entries[k].w, entries[k].count);
  return 0;
}
