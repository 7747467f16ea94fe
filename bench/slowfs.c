/*
 * slowfs: a read-only FUSE view of a directory that waits before every
 * getattr (which also answers the kernel's lookups) and every directory
 * read, as a network or cluster file system waits for a round trip, and
 * that can fail chosen names with EIO.
 *
 * For `make bench` (lsrows against bfs and fd on a slow file system) and
 * for the tests that list over it. Nothing is cached by the kernel: every
 * lookup and stat reaches this process, as with NFS's `noac`.
 *
 *     slowfs SOURCE MOUNTPOINT [-o delay_us=500] [-o fail=NAME/NAME...] \
 *         [-f] [-o max_threads=N] [-o max_idle_threads=N]
 *
 * `delay_us` is the wait in microseconds (500 unless given). `fail` lists
 * base names, separated by `/`, whose getattr, open and directory read
 * fail with EIO: the name is in its directory's listing, and reaching it
 * fails (getattr answers the kernel's lookups too), as when a server has
 * lost a file. It serves requests on many
 * threads (libfuse's multi-threaded loop), so that a client with several
 * requests in flight gets them served at once.
 *
 * Build: cc -O2 -Wall slowfs.c $(pkg-config --cflags --libs fuse3)
 */
#define FUSE_USE_VERSION 35
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

struct options {
	unsigned delay_us;
	char *fail;
};

static struct options options = {.delay_us = 500};
/* The source directory, which every path is resolved against. */
static int source_fd = -1;

#define OPTION(template, field) {template, offsetof(struct options, field), 1}

static const struct fuse_opt option_spec[] = {
	OPTION("delay_us=%u", delay_us),
	OPTION("fail=%s", fail),
	FUSE_OPT_END,
};

static void wait_round_trip(void)
{
	struct timespec delay = {
		.tv_sec = options.delay_us / 1000000,
		.tv_nsec = (long)(options.delay_us % 1000000) * 1000,
	};
	while (nanosleep(&delay, &delay) != 0 && errno == EINTR) {
	}
}

/* The path below the source that FUSE's absolute path names. */
static const char *relative(const char *path)
{
	return path[1] == '\0' ? "." : path + 1;
}

/* Whether the last component of `path` is one of the names to fail. */
static int fails(const char *path)
{
	if (options.fail == NULL)
		return 0;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t length = strlen(base);
	if (length == 0)
		return 0;
	for (const char *name = options.fail; *name != '\0';) {
		const char *end = strchr(name, '/');
		size_t name_length = end ? (size_t)(end - name) : strlen(name);
		if (name_length == length && memcmp(name, base, length) == 0)
			return 1;
		if (end == NULL)
			break;
		name = end + 1;
	}
	return 0;
}

static void *slow_init(struct fuse_conn_info *connection, struct fuse_config *config)
{
	(void)connection;
	config->use_ino = 1;
	config->entry_timeout = 0;
	config->attr_timeout = 0;
	config->negative_timeout = 0;
	return NULL;
}

static int slow_getattr(const char *path, struct stat *status, struct fuse_file_info *file)
{
	(void)file;
	wait_round_trip();
	if (fails(path))
		return -EIO;
	if (fstatat(source_fd, relative(path), status, AT_SYMLINK_NOFOLLOW) != 0)
		return -errno;
	return 0;
}

static int slow_readlink(const char *path, char *buffer, size_t size)
{
	if (size == 0)
		return -EINVAL;
	ssize_t length = readlinkat(source_fd, relative(path), buffer, size - 1);
	if (length < 0)
		return -errno;
	buffer[length] = '\0';
	return 0;
}

static int slow_opendir(const char *path, struct fuse_file_info *file)
{
	if (fails(path))
		return -EIO;
	int fd = openat(source_fd, relative(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	DIR *directory = fdopendir(fd);
	if (directory == NULL) {
		int error = errno;
		close(fd);
		return -error;
	}
	file->fh = (uint64_t)(uintptr_t)directory;
	return 0;
}

static int slow_readdir(const char *path, void *buffer, fuse_fill_dir_t fill, off_t offset,
			struct fuse_file_info *file, enum fuse_readdir_flags flags)
{
	(void)path;
	(void)offset;
	(void)flags;
	wait_round_trip();
	DIR *directory = (DIR *)(uintptr_t)file->fh;
	rewinddir(directory);
	errno = 0;
	struct dirent *entry;
	while ((entry = readdir(directory)) != NULL) {
		struct stat status = {.st_ino = entry->d_ino, .st_mode = (mode_t)DTTOIF(entry->d_type)};
		/* Offset 0: libfuse holds the whole listing and hands it out. */
		if (fill(buffer, entry->d_name, &status, 0, 0) != 0)
			break;
	}
	return errno != 0 ? -errno : 0;
}

static int slow_releasedir(const char *path, struct fuse_file_info *file)
{
	(void)path;
	closedir((DIR *)(uintptr_t)file->fh);
	return 0;
}

static int slow_open(const char *path, struct fuse_file_info *file)
{
	if ((file->flags & O_ACCMODE) != O_RDONLY)
		return -EROFS;
	if (fails(path))
		return -EIO;
	int fd = openat(source_fd, relative(path), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	file->fh = (uint64_t)fd;
	return 0;
}

static int slow_read(const char *path, char *buffer, size_t size, off_t offset,
		     struct fuse_file_info *file)
{
	(void)path;
	ssize_t length = pread((int)file->fh, buffer, size, offset);
	return length < 0 ? -errno : (int)length;
}

static int slow_release(const char *path, struct fuse_file_info *file)
{
	(void)path;
	close((int)file->fh);
	return 0;
}

static int slow_statfs(const char *path, struct statvfs *status)
{
	(void)path;
	return fstatvfs(source_fd, status) != 0 ? -errno : 0;
}

static const struct fuse_operations operations = {
	.init = slow_init,
	.getattr = slow_getattr,
	.readlink = slow_readlink,
	.opendir = slow_opendir,
	.readdir = slow_readdir,
	.releasedir = slow_releasedir,
	.open = slow_open,
	.read = slow_read,
	.release = slow_release,
	.statfs = slow_statfs,
};

int main(int argc, char *argv[])
{
	if (argc < 3) {
		fprintf(stderr, "usage: slowfs SOURCE MOUNTPOINT [FUSE options]\n");
		return 2;
	}
	source_fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (source_fd < 0) {
		perror(argv[1]);
		return 1;
	}
	/* FUSE sees the arguments without SOURCE. */
	argv[1] = argv[0];
	struct fuse_args arguments = FUSE_ARGS_INIT(argc - 1, argv + 1);
	if (fuse_opt_parse(&arguments, &options, option_spec, NULL) != 0)
		return 1;
	int status = fuse_main(arguments.argc, arguments.argv, &operations, NULL);
	fuse_opt_free_args(&arguments);
	return status;
}
