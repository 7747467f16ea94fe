/* The floor of a listing that needs every entry's status (-S, -t, -l):
 * read every name of a directory with getdents64, then fstatat each one
 * from two threads, each taking half, and do nothing else. make bench
 * compiles this with cc and times it next to lsrows.
 * Usage: stat_floor DIRECTORY */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct half {
  int directory;
  char **names;
  size_t count;
  unsigned long long bytes; /* read, so the calls cannot be dropped */
};

static void *stat_half(void *argument) {
  struct half *half = argument;
  struct stat status;
  for (size_t index = 0; index < half->count; index++) {
    if (fstatat(half->directory, half->names[index], &status, AT_SYMLINK_NOFOLLOW) == 0)
      half->bytes += (unsigned long long)status.st_size + (unsigned long long)status.st_mtime;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: stat_floor DIRECTORY\n");
    return 2;
  }
  int fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    perror(argv[1]);
    return 2;
  }
  static char buffer[1 << 16];
  size_t count = 0, capacity = 1024;
  char **names = malloc(capacity * sizeof *names);
  for (;;) {
    ssize_t read = getdents64(fd, buffer, sizeof buffer);
    if (read < 0) {
      perror("getdents64");
      return 2;
    }
    if (read == 0) break;
    for (ssize_t offset = 0; offset < read;) {
      struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
      offset += entry->d_reclen;
      if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
      if (count == capacity) names = realloc(names, (capacity *= 2) * sizeof *names);
      names[count++] = strdup(entry->d_name);
    }
  }
  struct half halves[2] = {
      {fd, names, count / 2, 0},
      {fd, names + count / 2, count - count / 2, 0},
  };
  pthread_t second;
  if (pthread_create(&second, NULL, stat_half, &halves[1]) != 0) {
    perror("pthread_create");
    return 2;
  }
  stat_half(&halves[0]);
  pthread_join(second, NULL);
  printf("%zu %llu\n", count, halves[0].bytes + halves[1].bytes);
  return 0;
}
