// Which Swift objects two threads retain and release, and how often.
//
// A reference count that two threads change moves its cache line between
// their processors at every retain and release. This library, preloaded
// into a dynamically linked lsrows, counts each object's retains and
// releases per thread and, at exit, prints to stderr the objects that more
// than one thread counted at least 100 times each: the counts, the class
// (the runtime's name for the object's metadata when first seen) and, for
// an array, its count and first bytes.
//
//   swift build -c release --build-path /tmp/lsrows-dynamic
//   cc -O2 -shared -fPIC -o /tmp/shared_counts.so bench/shared_counts.c -ldl
//   LD_PRELOAD=/tmp/shared_counts.so /tmp/lsrows-dynamic/release/lsrows -RA /usr >/dev/null
//
// The release binary of `make build` links the runtime statically, so its
// calls never reach a preloaded library; hence the dynamic build, kept
// apart so that it does not replace the one the tests and the bench run.
// An address freed and reused counts as the same object: a pair of counts
// is only a sharing when the object lives as long as the counting. The
// empty array's storage (`Swift.__EmptyArrayStorage`) is listed too, but
// the runtime never writes its count: it costs the calls, not the line.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { slots = 1 << 20, threads = 4, minimum = 100 };

struct object {
  void *address;
  void *metadata;
  unsigned char bytes[40];
  unsigned long counts[threads];
};

static struct object table[slots];
static int threadsSeen;
static __thread int threadIndex = -1;

static int currentThread(void) {
  if (threadIndex < 0) {
    int index = __atomic_fetch_add(&threadsSeen, 1, __ATOMIC_RELAXED);
    threadIndex = index < threads ? index : threads - 1;
  }
  return threadIndex;
}

static void count(void *address) {
  if (address == NULL) return;
  uintptr_t hash = ((uintptr_t)address >> 4) * 2654435761u;
  for (unsigned probe = 0; probe < 64; probe++) {
    struct object *slot = &table[(hash + probe) & (slots - 1)];
    void *seen = __atomic_load_n(&slot->address, __ATOMIC_ACQUIRE);
    if (seen == NULL) {
      if (!__atomic_compare_exchange_n(
            &slot->address, &seen, address, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        if (seen != address) continue;
      } else {
        // The object is alive now: its header and first bytes can be read.
        slot->metadata = *(void **)address;
        memcpy(slot->bytes, (char *)address + 16, sizeof slot->bytes);
        seen = address;
      }
    }
    if (seen == address) {
      __atomic_fetch_add(&slot->counts[currentThread()], 1, __ATOMIC_RELAXED);
      return;
    }
  }
}

typedef void *(*Retain)(void *);
typedef void (*Release)(void *);
typedef void *(*RetainN)(void *, uint32_t);
typedef void (*ReleaseN)(void *, uint32_t);

// The runtime's own entry points, looked up at first use.
static void *next(const char *name) {
  return dlsym(RTLD_NEXT, name);
}

void *swift_retain(void *object) {
  static Retain real;
  if (real == NULL) real = (Retain)next("swift_retain");
  count(object);
  return real(object);
}

void swift_release(void *object) {
  static Release real;
  if (real == NULL) real = (Release)next("swift_release");
  count(object);
  real(object);
}

void *swift_retain_n(void *object, uint32_t n) {
  static RetainN real;
  if (real == NULL) real = (RetainN)next("swift_retain_n");
  count(object);
  return real(object, n);
}

void swift_release_n(void *object, uint32_t n) {
  static ReleaseN real;
  if (real == NULL) real = (ReleaseN)next("swift_release_n");
  count(object);
  real(object, n);
}

struct typeName {
  const char *text;
  uintptr_t length;
};

__attribute__((destructor)) static void report(void) {
  struct typeName (*name)(const void *, int) =
    (struct typeName(*)(const void *, int))dlsym(RTLD_DEFAULT, "swift_getTypeName");
  for (int index = 0; index < slots; index++) {
    struct object *object = &table[index];
    int sharers = 0;
    for (int thread = 0; thread < threads; thread++) sharers += object->counts[thread] >= minimum;
    if (object->address == NULL || sharers < 2) continue;
    struct typeName type = {"?", 1};
    if (name != NULL && ((uintptr_t)object->metadata & 7) == 0) type = name(object->metadata, 1);
    char shown[25];
    for (int at = 0; at < 24; at++) {
      unsigned char byte = object->bytes[16 + at];
      shown[at] = byte > 32 && byte < 127 ? (char)byte : '.';
    }
    shown[24] = 0;
    long arrayCount;
    memcpy(&arrayCount, object->bytes, sizeof arrayCount);
    fprintf(stderr, "%p", object->address);
    for (int thread = 0; thread < threads; thread++) fprintf(stderr, " %lu", object->counts[thread]);
    fprintf(stderr, " %.*s", (int)type.length, type.text);
    if (strstr(type.text, "ArrayStorage") != NULL) fprintf(stderr, " count %ld [%s]", arrayCount, shown);
    fprintf(stderr, "\n");
  }
}
