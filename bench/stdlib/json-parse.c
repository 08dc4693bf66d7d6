// Parses the JSON document on stdin into a tree (a small recursive-descent
// parser, strtod for numbers) and prints what it holds.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NUL, BOOL, NUM, STR, ARR, OBJ };
typedef struct Node { int kind; double num; char *str; int len; struct Node **kids; char **keys; int n; } Node;
static const char *p;

static void ws(void) { while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++; }
static Node *node(int kind) { Node *n = calloc(1, sizeof(Node)); n->kind = kind; return n; }
static char *string(int *len) {
  p++;
  size_t cap = 16, n = 0;
  char *out = malloc(cap);
  while (*p != '"') {
    char c = *p++;
    if (c == '\\') {
      char e = *p++;
      c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
      if (e == 'u') { c = (char)strtol((char[]){p[0], p[1], p[2], p[3], 0}, NULL, 16); p += 4; }
    }
    if (n + 1 >= cap) out = realloc(out, cap *= 2);
    out[n++] = c;
  }
  p++;
  out[n] = 0;
  *len = (int)n;
  return out;
}
static Node *value(void) {
  ws();
  Node *n;
  if (*p == '{' || *p == '[') {
    int obj = *p == '{';
    n = node(obj ? OBJ : ARR);
    p++;
    int cap = 0;
    ws();
    if (*p == (obj ? '}' : ']')) { p++; return n; }
    for (;;) {
      if (n->n == cap) {
        cap = cap ? cap * 2 : 4;
        n->kids = realloc(n->kids, cap * sizeof(Node *));
        if (obj) n->keys = realloc(n->keys, cap * sizeof(char *));
      }
      if (obj) { ws(); int l; n->keys[n->n] = string(&l); ws(); p++; }
      n->kids[n->n++] = value();
      ws();
      if (*p++ == ',') continue;
      return n;
    }
  }
  if (*p == '"') { n = node(STR); n->str = string(&n->len); return n; }
  if (*p == 't') { p += 4; n = node(BOOL); n->num = 1; return n; }
  if (*p == 'f') { p += 5; return node(BOOL); }
  if (*p == 'n') { p += 4; return node(NUL); }
  n = node(NUM);
  char *end;
  n->num = strtod(p, &end);
  p = end;
  return n;
}
static long objects, arrays, strings, numbers, bytes;
static double sum;
static void walk(Node *n) {
  if (n->kind == OBJ) { objects++; for (int i = 0; i < n->n; i++) { bytes += strlen(n->keys[i]); walk(n->kids[i]); } }
  else if (n->kind == ARR) { arrays++; for (int i = 0; i < n->n; i++) walk(n->kids[i]); }
  else if (n->kind == STR) { strings++; bytes += n->len; }
  else if (n->kind == NUM) { numbers++; sum += n->num; }
}
int main(void) {
  size_t cap = 1 << 20, n = 0, r;
  char *text = malloc(cap + 1);
  while ((r = fread(text + n, 1, cap - n, stdin)) > 0) { n += r; if (n == cap) text = realloc(text, (cap *= 2) + 1); }
  text[n] = 0;
  p = text;
  Node *root = value();
  walk(root);
  printf("%ld objects, %ld arrays, %ld strings, %ld numbers\n", objects, arrays, strings, numbers);
  printf("%ld string bytes, sum %ld\n", bytes, (long)sum);
  return 0;
}
