/* The floor of any listing: read every entry of a directory with
 * getdents64 and do nothing else. make bench compiles this with cc and
 * times it next to lsrows and ls. Usage: read_floor DIRECTORY */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: read_floor DIRECTORY\n");
    return 2;
  }
  int fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    perror(argv[1]);
    return 2;
  }
  static char buffer[1 << 16];
  unsigned long entries = 0;
  for (;;) {
    ssize_t count = getdents64(fd, buffer, sizeof buffer);
    if (count < 0) {
      perror("getdents64");
      return 2;
    }
    if (count == 0) break;
    for (ssize_t offset = 0; offset < count;) {
      struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
      entries++;
      offset += entry->d_reclen;
    }
  }
  close(fd);
  printf("%lu\n", entries);
  return 0;
}
