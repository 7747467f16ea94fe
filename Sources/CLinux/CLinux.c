// The wrappers CLinux.h declares, compiled with the GNU extensions that
// declare what they wrap.
#define _GNU_SOURCE
#include "CLinux.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// listxattrat came with Linux 6.13, after the headers lsrows builds with:
// its number is 465 in the table x86-64 and arm64 share for new calls.
#if !defined(SYS_listxattrat) && (defined(__x86_64__) || defined(__aarch64__))
#define SYS_listxattrat 465
#endif

// Swift reads getdents64's records through `struct dirent`, which is
// declared without _GNU_SOURCE: it must be the same record.
_Static_assert(sizeof(struct dirent) == sizeof(struct dirent64), "dirent is dirent64");
_Static_assert(offsetof(struct dirent, d_reclen) == offsetof(struct dirent64, d_reclen),
               "dirent is dirent64");
_Static_assert(offsetof(struct dirent, d_type) == offsetof(struct dirent64, d_type),
               "dirent is dirent64");
_Static_assert(offsetof(struct dirent, d_name) == offsetof(struct dirent64, d_name),
               "dirent is dirent64");

ssize_t clinux_getdents64(int descriptor, void *buffer, size_t size) {
  return getdents64(descriptor, buffer, size);
}

int clinux_openat(int directory, const char *path, int flags) {
  return syscall(SYS_openat, directory, path, flags);
}

int clinux_close(int descriptor) {
  return syscall(SYS_close, descriptor);
}

// The system call itself, not glibc's statx: on ENOSYS glibc emulates it
// with fstatat, a second call for every file that the caller cannot see,
// so it would never learn to call fstatat alone. Headers that declare
// struct statx (CLinux.h) number the call too.
int clinux_statx(int directory, const char *path, int flags, unsigned int mask,
                 struct statx *status) {
  return syscall(SYS_statx, directory, path, flags, mask, status);
}

const int clinux_at_empty_path = AT_EMPTY_PATH;

const int clinux_at_statx_dont_sync = AT_STATX_DONT_SYNC;

const int clinux_mutex_adaptive = PTHREAD_MUTEX_ADAPTIVE_NP;

ssize_t clinux_listxattrat(int directory, const char *path, unsigned int flags, char *list,
                           size_t size) {
#ifdef SYS_listxattrat
  return syscall(SYS_listxattrat, directory, path, flags, list, size);
#else
  errno = ENOSYS;
  return -1;
#endif
}

int clinux_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
  return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
