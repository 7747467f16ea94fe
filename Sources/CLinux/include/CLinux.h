// The Linux and glibc interfaces lsrows needs that Swift's Glibc module
// leaves out: it is built without _GNU_SOURCE, so it declares neither
// getdents64, statx, AT_EMPTY_PATH nor the adaptive mutex type, and it
// does not include <sys/xattr.h>, <sys/sysmacros.h> or <malloc.h>.
//
// What those headers declare plainly is included here. What needs
// _GNU_SOURCE is wrapped by CLinux.c, which is compiled with it, so every
// prototype and constant comes from the system's own headers.
#ifndef CLINUX_H
#define CLINUX_H

#include <linux/stat.h>  // struct statx, STATX_*
#include <malloc.h>  // mallopt, M_ARENA_MAX, M_MMAP_THRESHOLD
#include <pthread.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/sysmacros.h>  // gnu_dev_makedev
#include <sys/types.h>
#include <sys/xattr.h>  // listxattr, llistxattr, getxattr, lgetxattr

/// glibc's getdents64(2) (2.30): fills `buffer` with `struct dirent64`
/// records, whose layout is that of Swift's `dirent` on 64-bit Linux.
ssize_t clinux_getdents64(int descriptor, void *buffer, size_t size);

/// openat(2) and close(2), the kernel's: not cancellation points, as
/// glibc's wrappers are once a process runs a second thread, each call
/// then setting and clearing the thread's asynchronous cancellation with
/// two atomic operations. lsrows cancels no thread; a walk on two threads
/// opens and closes every directory.
int clinux_openat(int directory, const char *path, int flags);
int clinux_close(int descriptor);

/// statx(2), the kernel's: ENOSYS where the kernel has none (before 4.11).
int clinux_statx(int directory, const char *path, int flags, unsigned int mask,
                 struct statx *status);

/// `AT_EMPTY_PATH`: a call on the descriptor itself, with an empty path.
extern const int clinux_at_empty_path;

/// statx's flag to answer from what the kernel holds, without asking a
/// network or FUSE file system's server again.
extern const int clinux_at_statx_dont_sync;

/// `PTHREAD_MUTEX_ADAPTIVE_NP`: a mutex that spins briefly before sleeping.
extern const int clinux_mutex_adaptive;

/// listxattr(2) of `path` relative to the open directory `directory`
/// (`listxattrat`, Linux 6.13), which glibc does not wrap yet; -1 with
/// ENOSYS where the kernel (or this build) has no such call.
ssize_t clinux_listxattrat(int directory, const char *path, unsigned int flags, char *list,
                           size_t size);

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34).
int clinux_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
