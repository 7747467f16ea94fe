/* The floors of any listing. make bench compiles this with cc and times
 * it next to lsrows and ls.
 *
 *   read_floor DIRECTORY         read every entry with getdents64 and do
 *                                nothing else: a listing of names
 *   read_floor --stat DIRECTORY  then fstatat each name from two threads,
 *                                each taking half: a listing that needs
 *                                every status (-S, -t, -l)
 *   read_floor --acl DIRECTORY   as --stat, and list each file's extended
 *                                attributes too: what ls -l asks of every
 *                                file for its access control list (the '+'
 *                                it shows), by name from the directory
 *                                (listxattrat, Linux 6.13) where the kernel
 *                                has it, as lsrows does, else llistxattr of
 *                                the path, as ls does */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#if !defined(SYS_listxattrat) && (defined(__x86_64__) || defined(__aarch64__))
#define SYS_listxattrat 465
#endif

/* Whether the kernel has listxattrat: it refuses unknown flags (EINVAL)
 * where a kernel without it answers ENOSYS. */
static int lists_from_directory;

struct half {
  int directory;
  const char *path; /* the directory's, for llistxattr, or NULL */
  char **names;
  size_t count;
  unsigned long long sum; /* of what was read, so the calls cannot be dropped */
};

static void *stat_half(void *argument) {
  struct half *half = argument;
  struct stat status;
  char path[8192], attributes[1024];
  for (size_t index = 0; index < half->count; index++) {
    if (fstatat(half->directory, half->names[index], &status, AT_SYMLINK_NOFOLLOW) == 0)
      half->sum += (unsigned long long)status.st_size + (unsigned long long)status.st_mtime;
    if (half->path) {
      ssize_t length;
#ifdef SYS_listxattrat
      if (lists_from_directory) {
        length = syscall(SYS_listxattrat, half->directory, half->names[index],
                         AT_SYMLINK_NOFOLLOW, attributes, sizeof attributes);
      } else
#endif
      {
        snprintf(path, sizeof path, "%s/%s", half->path, half->names[index]);
        length = llistxattr(path, attributes, sizeof attributes);
      }
      if (length > 0) half->sum += (unsigned long long)length;
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  int acl = argc == 3 && strcmp(argv[1], "--acl") == 0;
  int stats = acl || (argc == 3 && strcmp(argv[1], "--stat") == 0);
  if (argc != 2 + stats) {
    fprintf(stderr, "usage: read_floor [--stat | --acl] DIRECTORY\n");
    return 2;
  }
  const char *path = argv[1 + stats];
#ifdef SYS_listxattrat
  lists_from_directory = syscall(SYS_listxattrat, -1, "", ~0u, NULL, 0) < 0 && errno == EINVAL;
#endif
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    perror(path);
    return 2;
  }
  static char buffer[1 << 16];
  unsigned long entries = 0;
  size_t count = 0, capacity = 0;
  char **names = NULL;
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
      entries++;
      if (!stats || strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
      if (count == capacity) {
        capacity = capacity ? capacity * 2 : 1024;
        names = realloc(names, capacity * sizeof *names);
      }
      names[count++] = strdup(entry->d_name);
    }
  }
  if (!stats) {
    close(fd);
    printf("%lu\n", entries);
    return 0;
  }
  struct half halves[2] = {
      {fd, acl ? path : NULL, names, count / 2, 0},
      {fd, acl ? path : NULL, names + count / 2, count - count / 2, 0},
  };
  pthread_t second;
  if (pthread_create(&second, NULL, stat_half, &halves[1]) != 0) {
    perror("pthread_create");
    return 2;
  }
  stat_half(&halves[0]);
  pthread_join(second, NULL);
  printf("%zu %llu\n", count, halves[0].sum + halves[1].sum);
  return 0;
}
