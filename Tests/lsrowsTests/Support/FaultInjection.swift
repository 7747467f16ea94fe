import Glibc

/// A shared library for `LD_PRELOAD` that makes the stat calls of lsrows and
/// ls (glibc's, and `statx` made through `syscall`) fail with ENOENT for any
/// path holding "VANISHED", as if the entry had been deleted between
/// `readdir` and `lstat`; and, with ``noListxattratVariable`` set, answers
/// `listxattrat` (a system call of Linux 6.13, which strace 6.1 cannot
/// name to fail it) with ENOSYS, as an older kernel does.
///
/// Built with the C compiler the machine has, once per test process.
enum FaultInjection {
  static let marker = "VANISHED"
  static let noListxattratVariable = "LSROWS_TEST_NO_LISTXATTRAT"

  static let library: String = {
    let directory = "/tmp/lsrows-shim.\(getpid())"
    mkdir(directory, 0o755)
    let source = directory + "/vanish.c"
    let library = directory + "/vanish.so"
    writeFile(source, Array(shimSource.utf8))
    let built = runProcess(
      "cc",
      [
        bytes("-shared"), bytes("-fPIC"), bytes("-O2"), bytes("-o"), bytes(library), bytes(source),
        bytes("-ldl"),
      ])
    precondition(built.exitStatus == 0, "cannot build the shim: \(built.errorText)")
    return library
  }()

  private static let shimSource = """
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <errno.h>
    #include <fcntl.h>
    #include <stdarg.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/stat.h>
    #include <sys/syscall.h>

    #ifndef SYS_listxattrat
    #define SYS_listxattrat 465
    #endif

    static int vanished(const char *path) { return path && strstr(path, "\(marker)"); }

    #define FORWARD(name, ...) \\
      static int (*real)(); if (!real) real = (int (*)())dlsym(RTLD_NEXT, #name); \\
      return real(__VA_ARGS__)

    int fstatat(int dir, const char *path, struct stat *buf, int flags) {
      if (vanished(path)) { errno = ENOENT; return -1; }
      FORWARD(fstatat, dir, path, buf, flags);
    }
    int statx(int dir, const char *path, int flags, unsigned mask, struct statx *buf) {
      if (vanished(path)) { errno = ENOENT; return -1; }
      FORWARD(statx, dir, path, flags, mask, buf);
    }
    // lsrows makes statx as a system call, so that ENOSYS reaches it.
    long syscall(long number, ...) {
      va_list list;
      va_start(list, number);
      long a[6];
      for (int i = 0; i < 6; i++) a[i] = va_arg(list, long);
      va_end(list);
      if (number == SYS_statx && vanished((const char *)a[1])) { errno = ENOENT; return -1; }
      if (number == SYS_listxattrat && getenv("\(noListxattratVariable)")) {
        errno = ENOSYS;
        return -1;
      }
      static long (*real)(long, ...);
      if (!real) real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
      return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
    }
    int lstat(const char *path, struct stat *buf) {
      if (vanished(path)) { errno = ENOENT; return -1; }
      FORWARD(lstat, path, buf);
    }
    int stat(const char *path, struct stat *buf) {
      if (vanished(path)) { errno = ENOENT; return -1; }
      FORWARD(stat, path, buf);
    }
    """
}
