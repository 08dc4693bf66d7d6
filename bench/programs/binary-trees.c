// Binary-trees (Benchmarks Game algorithm) with maximum depth 18: allocation
// and deallocation of many short-lived recursive values.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct Node {
  struct Node *left, *right;
} Node;

static Node *make(int64_t depth) {
  Node *n = malloc(sizeof(Node));
  if (depth == 0) {
    n->left = n->right = NULL;
  } else {
    n->left = make(depth - 1);
    n->right = make(depth - 1);
  }
  return n;
}

static int64_t check(const Node *n) { return n == NULL ? 0 : 1 + check(n->left) + check(n->right); }

static void release(Node *n) {
  if (n == NULL) return;
  release(n->left);
  release(n->right);
  free(n);
}

int main(void) {
  const int64_t min_depth = 4, max_depth = 18, stretch = max_depth + 1;
  Node *s = make(stretch);
  printf("stretch tree of depth %lld\t check: %lld\n", (long long)stretch, (long long)check(s));
  release(s);
  Node *long_lived = make(max_depth);
  for (int64_t d = min_depth; d <= max_depth; d += 2) {
    int64_t iterations = (int64_t)1 << (max_depth - d + min_depth);
    int64_t total = 0;
    for (int64_t i = 0; i < iterations; i++) {
      Node *t = make(d);
      total += check(t);
      release(t);
    }
    printf("%lld\t trees of depth %lld\t check: %lld\n", (long long)iterations, (long long)d, (long long)total);
  }
  printf("long lived tree of depth %lld\t check: %lld\n", (long long)max_depth, (long long)check(long_lived));
  release(long_lived);
  return 0;
}
