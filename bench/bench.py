#!/usr/bin/env python3
"""Side-by-side timings of lsrows against ls and find, for `make bench`.

Every command in a group runs interleaved with the others, after one warm-up
run each, so cache state and machine load are shared. Wall time is measured
around the child; peak memory is the child's maximum resident set size as
/usr/bin/time reports it (%M). Output goes to /dev/null for every command.
"""

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, ".bench")
C_LOCALE = dict(os.environ, LC_ALL="C", TZ="UTC")
C_LOCALE.pop("LS_COLORS", None)
C_LOCALE.pop("QUOTING_STYLE", None)


def written_out():
    """Waits for a tree just made to reach the disk: the kernel writes a
    million new inodes back over the next half minute, and the first
    group measured would share the machine with that."""
    os.sync()


def make_flat(path, count):
    """A directory of `count` empty files, made once."""
    if os.path.isdir(path) and len(os.listdir(path)) == count:
        return
    print(f"creating {count} files in {path} (once)...", file=sys.stderr)
    os.makedirs(path, exist_ok=True)
    for index in range(count):
        fd = os.open(os.path.join(path, "f%07d" % index), os.O_CREAT | os.O_WRONLY, 0o644)
        os.close(fd)
    written_out()


def shape_names(shape, count):
    """The names of a directory of `count` entries in one of the shapes
    real directories have: the sort must not depend on where names differ."""
    import random
    rng = random.Random(1130)
    if shape == "f":
        return ("f%07d" % i for i in range(count))
    if shape == "file":  # a long common prefix before the digits
        return ("file_%07d.txt" % i for i in range(count))
    if shape == "img":  # a camera's: 13 bytes in common, then a date and a counter
        return ("IMG_%08d_%06d.JPG" % (20260101 + i // 100000, i % 100000) for i in range(count))
    if shape == "uuid":
        return ("%08x-%04x-4%03x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16),
                rng.getrandbits(12), 0x8000 | rng.getrandbits(14), rng.getrandbits(48))
                for _ in range(count))
    if shape == "mail":  # maildir: a time stamp, then unique parts and flags
        return ("%d.M%dP%dQ%d.mail.example.org,S=%d:2,S" % (1764547200 + i // 7, rng.getrandbits(20),
                rng.getrandbits(16), i, rng.getrandbits(16)) for i in range(count))
    if shape == "mixed":  # words, spaces, versions, UTF-8, as a downloads folder
        words = ["report", "Report", "photo", "IMG", "notes", "draft", "final", "backup",
                 "résumé", "日本語", "data", "Screenshot 2026-11-30 at", "invoice", "v1.2.3",
                 "README", "libfoo", "archive", "song", "track", ".hidden", "build"]
        extensions = [".pdf", ".txt", ".jpg", ".tar.gz", ".md", "", ".so.1.2", ".mp3", "~"]
        return ("%s %s-%d%s" % (rng.choice(words), rng.choice(words), i, rng.choice(extensions))
                for i in range(count))
    raise ValueError(shape)


SHAPES = ["f", "file", "img", "uuid", "mail", "mixed"]


def make_shape(shape, count=1_000_000):
    """A directory of `count` empty files named in `shape`, made once."""
    path = os.path.join(BENCH_DIR, "million" if shape == "f" else "shape-" + shape)
    marker = path + ".done"
    if shape == "f":
        make_flat(path, count)
        return path
    if os.path.exists(marker):
        return path
    print(f"creating {count} {shape} names in {path} (once)...", file=sys.stderr)
    os.makedirs(path, exist_ok=True)
    for name in shape_names(shape, count):
        os.close(os.open(os.path.join(path, name), os.O_CREAT | os.O_WRONLY, 0o644))
    written_out()
    open(marker, "w").close()
    return path


def built(source_name, compile_command):
    """bench/SOURCE_NAME's program under .bench/, built with
    compile_command(source, binary) when it is missing or older than its
    source; None when the build fails."""
    source = os.path.join(ROOT, "bench", source_name)
    binary = os.path.join(BENCH_DIR, os.path.splitext(source_name)[0])
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        os.makedirs(BENCH_DIR, exist_ok=True)
        if subprocess.run(compile_command(source, binary), capture_output=True).returncode != 0:
            return None
    return binary


def read_floor():
    """The C loops that only read a directory, with --stat also fstatat
    each name from two threads, and with --acl also list each file's
    extended attributes, as ls -l asks for ACLs (bench/read_floor.c),
    built once."""
    binary = built("read_floor.c",
                   lambda source, binary: ["cc", "-O2", "-o", binary, source, "-lpthread"])
    return binary or sys.exit("cannot build bench/read_floor.c with cc")


def walk_floor():
    """The flat recursive walk in Swift (bench/walk_floor.swift), built once
    with the toolchain's swiftc as lsrows's release build is (no
    exclusivity checks); None where it cannot be built."""
    return built("walk_floor.swift",
                 lambda source, binary: ["swiftc", "-O", "-enforce-exclusivity=unchecked",
                                         "-swift-version", "6", "-o", binary, source])


def measure(command, env):
    """Runs `command` once; returns (wall seconds, peak RSS in KiB)."""
    with tempfile.NamedTemporaryFile() as report:
        wrapped = ["/usr/bin/time", "-f", "%M", "-o", report.name] + command
        with open(os.devnull, "wb") as null:
            start = time.perf_counter()
            status = subprocess.run(wrapped, stdout=null, env=env).returncode
            wall = time.perf_counter() - start
        if status != 0:
            sys.exit(f"failed ({status}): {' '.join(command)}")
        rss = int(open(report.name).read().split()[-1])
    return wall, rss


def cpu_times(command, env=C_LOCALE):
    """Runs `command` once, output to /dev/null; returns (wall, user,
    system) seconds, the last two the child's own, from wait4(2)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_utime, usage.ru_stime


def run_group(title, commands, runs):
    """commands: list of (label, argv, env). Returns {label: (median, peak)}."""
    for _, argv, env in commands:
        measure(argv, env)  # warm the cache
    samples = {label: [] for label, _, _ in commands}
    peaks = {label: 0 for label, _, _ in commands}
    for _ in range(runs):
        for label, argv, env in commands:
            wall, rss = measure(argv, env)
            samples[label].append(wall)
            peaks[label] = max(peaks[label], rss)
    print(f"\n### {title}\n")
    print(f"| command | median wall (s) | min (s) | peak RSS (MiB) |")
    print(f"|---|---:|---:|---:|")
    results = {}
    for label, _, _ in commands:
        median = statistics.median(samples[label])
        results[label] = (median, peaks[label] / 1024)
        shown = label.replace("|", "\\|")  # a pipeline's bar is not a column
        print(f"| `{shown}` | {median:.3f} | {min(samples[label]):.3f} | {peaks[label] / 1024:.1f} |")
    return results


def check(results, ours, reference, time_ratio, memory_ratio=None, memory_cap=None, strict=False):
    """Prints and returns whether `ours` meets its targets against `reference`.

    strict: the time ratio must be below `time_ratio`, not at most it."""
    our_time, our_memory = results[ours]
    ref_time, ref_memory = results[reference]
    ratio = our_time / ref_time
    met = ratio < time_ratio if strict else ratio <= time_ratio
    line = f"- `{ours}` / `{reference}`: time {ratio:.2f}x (target {'<' if strict else '<='} {time_ratio}x)"
    if memory_ratio is not None:
        memory = our_memory / ref_memory
        met = met and memory <= memory_ratio
        line += f", memory {memory:.2f}x (target <= {memory_ratio}x)"
    if memory_cap is not None:
        met = met and our_memory <= memory_cap
        line += f", memory {our_memory:.1f} MiB (target < {memory_cap} MiB)"
    print(line + (" — met" if met else " — NOT met"))
    return met


def foundation(lsrows, runs):
    directory = os.path.join(BENCH_DIR, "million")
    make_flat(directory, 1_000_000)
    results = run_group(
        "Foundation: 1,000,000 empty files, names only",
        [
            ("lsrows DIR", [lsrows, directory], C_LOCALE),
            ("LC_ALL=C ls -1 DIR", ["ls", "-1", directory], C_LOCALE),
            ("lsrows -U DIR", [lsrows, "-U", directory], C_LOCALE),
            ("LC_ALL=C ls -1U DIR", ["ls", "-1U", directory], C_LOCALE),
        ],
        runs,
    )
    print()
    met = check(results, "lsrows DIR", "LC_ALL=C ls -1 DIR", 0.5, memory_ratio=0.5)
    met &= check(results, "lsrows -U DIR", "LC_ALL=C ls -1U DIR", 1.0, memory_cap=32)
    return met


def typed_rows(lsrows, runs):
    """-l, -S, -t and a {size} format against ls and find, and against the
    metadata floor, on a million names of two shapes (all alike, and
    'mixed': every length, with spaces and UTF-8); then with -R on /usr,
    a real tree, against ls -R and find."""
    met = True
    for label, directory in million_inputs():
        pairs = typed_row_pairs(lsrows, directory, recursive=False)
        results = run_group(
            f"Typed rows: {label}, with metadata",
            pairs + [
                ("read_floor --stat DIR", [read_floor(), "--stat", directory], C_LOCALE),
                ("read_floor --acl DIR", [read_floor(), "--acl", directory], C_LOCALE),
            ],
            runs,
        )
        print()
        met &= typed_row_checks(results, pairs, memory_ratio=1.0)
        met &= metadata_floor_checks(results)
    return met & typed_rows_of_tree(lsrows, runs)


def typed_rows_of_tree(lsrows, runs):
    """The same against ls -R and find on /usr and the source-shaped tree.
    No memory ratio: ls -lR holds one directory at a time, lsrows -R its
    read-ahead (the -R groups bound that), so a tree's ratio says nothing
    of a million."""
    met = True
    for label, tree in real_tree_inputs():
        pairs = typed_row_pairs(lsrows, tree, recursive=True)
        results = run_group(f"Typed rows: {label}, with -R", pairs, runs)
        print()
        met &= typed_row_checks(results, pairs)
    return met


def typed_row_pairs(lsrows, path, recursive):
    """lsrows -l, -S and -t, each followed by ls's, then a {size} format
    followed by find's -printf: of a directory (labelled DIR), or with -R
    of a tree (labelled TREE; -A, as find lists dot files too)."""
    r, name = ("R", "TREE") if recursive else ("", "DIR")
    format_options = ["-RA"] if recursive else []
    find_options = [] if recursive else ["-maxdepth", "1"]
    format_label = " ".join(["lsrows", *format_options, "--format '{name}\\t{size}'", name])
    find_label = " ".join(["find", name, *find_options, "-printf '%f\\t%s\\n'"])
    return [
        (f"lsrows -l{r} {name}", [lsrows, f"-l{r}", path], C_LOCALE),
        (f"LC_ALL=C ls -l{r} --time-style=long-iso {name}",
         ["ls", f"-l{r}", "--time-style=long-iso", path], C_LOCALE),
        (f"lsrows -S{r} {name}", [lsrows, f"-S{r}", path], C_LOCALE),
        (f"LC_ALL=C ls -1S{r} {name}", ["ls", f"-1S{r}", path], C_LOCALE),
        (f"lsrows -t{r} {name}", [lsrows, f"-t{r}", path], C_LOCALE),
        (f"LC_ALL=C ls -1t{r} {name}", ["ls", f"-1t{r}", path], C_LOCALE),
        (format_label, [lsrows, *format_options, "--format", "{name}\\t{size}", path], C_LOCALE),
        (find_label, ["find", path, *find_options, "-printf", "%f\\t%s\\n"], C_LOCALE),
    ]


def typed_row_checks(results, pairs, memory_ratio=None):
    """The targets of typed_row_pairs, each lsrows line against the peer
    after it; -l also against ls's peak memory where `memory_ratio` is
    given."""
    labels = [label for label, _, _ in pairs]
    memory = {"memory_ratio": memory_ratio} if memory_ratio else {}
    met = check(results, labels[0], labels[1], 0.5, **memory)
    for index, target in [(2, 0.6), (4, 0.6), (6, 1.0)]:
        met &= check(results, labels[index], labels[index + 1], target)
    return met


def metadata_floor_checks(results):
    """Checks -S, -t and -l against the metadata floor: the names, and two
    threads' fstatat of each (read_floor --stat)."""
    met = check(results, "lsrows -S DIR", "read_floor --stat DIR", 1.25)
    met &= check(results, "lsrows -t DIR", "read_floor --stat DIR", 1.25)
    met &= check(results, "lsrows -l DIR", "read_floor --stat DIR", 1.4)
    # -l asks each file for its ACL as ls does, a second lookup per entry
    # that the floor above does not make; this floor makes it.
    met &= check(results, "lsrows -l DIR", "read_floor --acl DIR", 1.4)
    return met


def make_tree(path, top, middle, files):
    """top x middle directories of `files` empty files each, made once."""
    marker = os.path.join(path, ".complete")
    if os.path.exists(marker):
        return
    print(f"creating a tree of {top * middle} directories in {path} (once)...", file=sys.stderr)
    for a in range(top):
        for b in range(middle):
            directory = os.path.join(path, "d%02d" % a, "e%02d" % b)
            os.makedirs(directory, exist_ok=True)
            for index in range(files):
                os.close(os.open(os.path.join(directory, "f%03d" % index), os.O_CREAT | os.O_WRONLY, 0o644))
    written_out()
    open(marker, "w").close()


def make_source_tree(path, directories=30_000):
    """A tree shaped like a large source checkout: about `directories`
    directories, ten files each on average (a few with hundreds), depth up
    to fourteen, made once."""
    import random
    marker = path + ".done"
    if os.path.exists(marker):
        return path
    print(f"creating a source-like tree in {path} (once)...", file=sys.stderr)
    rng = random.Random(2026)
    parts = ["core", "net", "fs", "ui", "util", "test", "tests", "include", "src", "lib", "docs",
             "tools", "drivers", "arch", "mm", "kernel", "crypto", "sound", "video", "parser",
             "codegen", "ir", "sema", "lex", "runtime", "stdlib", "platform", "third_party"]
    suffixes = [".c", ".h", ".cc", ".py", ".rs", ".swift", ".go", ".md", ".txt", ".json", ".S", ""]
    specials = ["Makefile", "README.md", ".gitignore", "CMakeLists.txt", "BUILD", "LICENSE"]
    made = 0
    queue = [(path, 0)]
    os.makedirs(path, exist_ok=True)
    while queue and made < directories:
        directory, depth = queue.pop(0)
        files = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30]) if rng.random() > 0.02 \
            else rng.randint(100, 600)
        for index in range(files):
            name = "%s_%s%d%s" % (rng.choice(parts), rng.choice(parts), index, rng.choice(suffixes))
            if rng.random() < 0.05:
                name = rng.choice(specials)
            fd = os.open(os.path.join(directory, name), os.O_CREAT | os.O_WRONLY, 0o644)
            os.close(fd)
        mean = 6.0 if depth < 3 else (2.4 if depth < 12 else 0.8)
        children = min(int(rng.expovariate(1 / mean) + 0.5), 30) if depth < 14 else 0
        for index in range(children):
            child = os.path.join(directory, "%s%d" % (rng.choice(parts), index))
            try:
                os.mkdir(child)
            except FileExistsError:
                continue
            made += 1
            queue.append((child, depth + 1))
    written_out()
    open(marker, "w").close()
    return path


def million_inputs():
    """The directories a one-directory comparison runs on, as (label,
    path): a million names all alike, and a million of shape 'mixed'
    (every length, with spaces and UTF-8)."""
    return [("1,000,000 empty files", make_shape("f")),
            ("1,000,000 empty files named as in shape 'mixed'", make_shape("mixed"))]


def real_tree_inputs():
    """The trees a whole-tree comparison runs on, as (label, path): /usr
    and the source-shaped tree."""
    return [("/usr", "/usr"), ("SOURCE", make_source_tree(os.path.join(BENCH_DIR, "source")))]


def fd_command():
    """fd from Debian's fd-find, installed here (never by make test) if missing."""
    if shutil.which("fdfind") is None and shutil.which("apt-get"):
        print("installing fd-find for the comparison...", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "fd-find"], check=False,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return shutil.which("fdfind")


def debian_tool(command, package):
    """A comparison tool from Debian, installed here (never by make test) if missing."""
    if shutil.which(command) is None and shutil.which("apt-get"):
        print(f"installing {package} for the comparison...", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", package], check=False,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return shutil.which(command)


def queries(lsrows, runs):
    """--where on a million names of two shapes, and with -R on /usr and
    the source-shaped tree."""
    bfs = debian_tool("bfs", "bfs")
    met = True
    for label, directory in million_inputs():
        results = run_group(
            f"Queries: --where on {label}",
            [
                ("lsrows DIR", [lsrows, directory], C_LOCALE),
                ("lsrows --where \"name ~ '*7.txt'\" DIR",
                 [lsrows, "--where", "name ~ '*7.txt'", directory], C_LOCALE),
                ("lsrows --where 'size > 1M' DIR", [lsrows, "--where", "size > 1M", directory],
                 C_LOCALE),
                ("find DIR -maxdepth 1 -size +1M",
                 ["find", directory, "-maxdepth", "1", "-size", "+1M"], C_LOCALE),
            ],
            runs,
        )
        print()
        met &= check(results, "lsrows --where \"name ~ '*7.txt'\" DIR", "lsrows DIR", 1.1)
        met &= check(results, "lsrows --where 'size > 1M' DIR", "find DIR -maxdepth 1 -size +1M",
                     1.0)
    for label, tree in real_tree_inputs():
        # -A: find and bfs see dot files too.
        commands = [
            ("lsrows -RA --where 'size > 1M' TREE", [lsrows, "-RA", "--where", "size > 1M", tree],
             C_LOCALE),
            ("find TREE -size +1M", ["find", tree, "-size", "+1M"], C_LOCALE),
            ("lsrows -R --where \"name ~ '*.h'\" TREE",
             [lsrows, "-R", "--where", "name ~ '*.h'", tree], C_LOCALE),
        ]
        if bfs:
            commands.append(("bfs TREE -name '*.h'", [bfs, tree, "-name", "*.h"], C_LOCALE))
        results = run_group(f"Queries: --where with -R on {label}", commands, runs)
        print()
        met &= check(results, "lsrows -RA --where 'size > 1M' TREE", "find TREE -size +1M", 1.0)
        if bfs:
            met &= check(results, "lsrows -R --where \"name ~ '*.h'\" TREE",
                         "bfs TREE -name '*.h'", 1.0)
    met &= matching(lsrows, runs)
    return met


def matching(lsrows, runs):
    """A regular expression against fd's, a case-insensitive glob against
    bfs's -iname, on /usr and the source-shaped tree (-A: every entry, as
    fd -u and bfs see them)."""
    fd = fd_command()
    bfs = debian_tool("bfs", "bfs")
    met = True
    for label, tree in real_tree_inputs():
        commands = [
            ("lsrows -RA --where \"name =~ '\\.h$'\" TREE",
             [lsrows, "-RA", "--where", "name =~ '\\.h$'", tree], C_LOCALE),
            ("lsrows -RA --where \"lower(name) ~ '*.h'\" TREE",
             [lsrows, "-RA", "--where", "lower(name) ~ '*.h'", tree], C_LOCALE),
        ]
        if fd:
            commands.append(("fdfind -u '\\.h$' TREE", [fd, "-u", "\\.h$", tree], C_LOCALE))
        if bfs:
            commands.append(("bfs TREE -iname '*.h'", [bfs, tree, "-iname", "*.h"], C_LOCALE))
        results = run_group(f"Matching: a regular expression and -iname on {label}", commands,
                            runs)
        print()
        if fd:
            met &= check(results, "lsrows -RA --where \"name =~ '\\.h$'\" TREE",
                         "fdfind -u '\\.h$' TREE", 1.0)
        if bfs:
            met &= check(results, "lsrows -RA --where \"lower(name) ~ '*.h'\" TREE",
                         "bfs TREE -iname '*.h'", 1.0)
    return met


def shapes(lsrows, runs):
    """Sorted listings of a million names of every shape, against ls and
    against the kernel's read alone (bench/read_floor.c).

    The read alone varies by a tenth or more from run to run on the
    development VM, and a median of seven runs of it moved the ratio by as
    much: lsrows and the floor run interleaved for at least 21 runs, ls
    (about 2 s a run, and 0.25-0.35x against a 0.4x target) for `runs`."""
    floor = read_floor()
    met = True
    for shape in SHAPES:
        directory = make_shape(shape)
        like = next(iter(shape_names(shape, 1)))
        against_floor = run_group(
            f"Shape '{shape}': 1,000,000 names like {like}, against the read alone",
            [
                ("read alone", [floor, directory], C_LOCALE),
                ("lsrows DIR", [lsrows, directory], C_LOCALE),
            ],
            max(21, runs * 3),
        )
        against_ls = run_group(
            f"Shape '{shape}': against ls",
            [
                ("lsrows DIR", [lsrows, directory], C_LOCALE),
                ("LC_ALL=C ls -1 DIR", ["ls", "-1", directory], C_LOCALE),
            ],
            runs,
        )
        # The peak is the largest of every run.
        ours = against_ls["lsrows DIR"]
        against_ls["lsrows DIR"] = (ours[0], max(ours[1], against_floor["lsrows DIR"][1]))
        print()
        met &= check(against_ls, "lsrows DIR", "LC_ALL=C ls -1 DIR", 0.40, memory_ratio=0.5)
        met &= check(against_floor, "lsrows DIR", "read alone", 1.6)
    results = run_group(
        "Unsorted: 1,000,000 names, -U",
        [("lsrows -U DIR", [lsrows, "-U", make_shape("f")], C_LOCALE),
         ("LC_ALL=C ls -1U DIR", ["ls", "-1U", make_shape("f")], C_LOCALE)],
        runs,
    )
    print()
    met &= check(results, "lsrows -U DIR", "LC_ALL=C ls -1U DIR", 1.0, memory_cap=8)
    return met


def real_trees(lsrows, runs):
    """-R on /usr and on a source-like tree, against bfs and fd (Debian's)."""
    bfs = debian_tool("bfs", "bfs")
    fd = fd_command()
    met = True
    for label, tree in real_tree_inputs():
        commands = [(f"lsrows -RA {label}", [lsrows, "-RA", tree], C_LOCALE)]
        if bfs:
            commands.append((f"bfs {label}", [bfs, tree], C_LOCALE))
        if fd:
            commands.append((f"fdfind -u . {label}", [fd, "-u", ".", tree], C_LOCALE))
        results = run_group(f"Recursive: {label}", commands, runs)
        print()
        if bfs:
            met &= check(results, f"lsrows -RA {label}", f"bfs {label}", 1.0)
        if fd:
            met &= check(results, f"lsrows -RA {label}", f"fdfind -u . {label}", 1.0)
    if bfs:
        met &= user_cpu(lsrows, bfs, runs)
    return met


def user_cpu(lsrows, bfs, runs):
    """User CPU of lsrows -RA against bfs's, on /usr and the source-shaped
    tree: medians of getrusage, the two interleaved, over at least 81 runs
    each.

    The kernel splits CPU time into user and system by where its timer
    ticks land (tick accounting, 250 Hz here): a run of a few hundred ms
    gets some 75 ticks, so one run's user time is off by up to a sixth,
    and bfs's, a fifth of its run, moved between 16 and 59 ms over 60
    runs. Over 31 runs the median of the ratio still moved by a tenth from
    one bench to the next; over 81 a median's error is 0.6 of that. The
    median decides the target; the mean and its standard error say how far
    the medians of two runs of the bench may differ.

    A flat walk in Swift (bench/walk_floor.swift) runs in the same rounds
    where it writes the same bytes: how far the language alone is from
    bfs, and so how much of lsrows's time is its design. So does the same
    walk on two threads, each listing half of the operand's entries with
    nothing shared: what two threads cost in user time of their own on
    this machine, apart from how lsrows shares its work between them."""
    met = True
    print("\n### User CPU: lsrows -RA against bfs (medians)\n")
    floor = walk_floor()
    for label, path in real_tree_inputs():
        # The floor counts only where it writes what lsrows writes.
        def output(command):
            return subprocess.run(command, capture_output=True, env=C_LOCALE).stdout
        written = output([lsrows, "-RA", path])
        same = floor is not None and output([floor, path]) == written
        halves = [floor, "--threads", "2", path]
        same_halves = same and output(halves) == written
        ours, theirs, flat, flat_halves = [], [], [], []
        for _ in range(max(81, runs * 12)):
            ours.append(cpu_times([lsrows, "-RA", path])[1])
            theirs.append(cpu_times([bfs, path])[1])
            if same:
                flat.append(cpu_times([floor, path])[1])
            if same_halves:
                flat_halves.append(cpu_times(halves)[1])
        ratio_of_means = statistics.mean(ours) / statistics.mean(theirs)
        # Standard error of a ratio of independent means (first order).
        spread = ratio_of_means * math.hypot(
            *(statistics.stdev(times) / math.sqrt(len(times)) / statistics.mean(times)
              for times in (ours, theirs)))
        ours, theirs = statistics.median(ours), statistics.median(theirs)
        ratio = ours / theirs if theirs > 0 else float("inf")
        ok = ratio <= 2.0
        met &= ok
        print(f"- {label}: lsrows {ours * 1000:.0f} ms, bfs {theirs * 1000:.0f} ms: "
              f"{ratio:.2f}x (target <= 2.0x) — {'met' if ok else 'NOT met'}; "
              f"ratio of means {ratio_of_means:.2f}x ± {spread:.2f}")
        # The tighter bound the walk is to reach (fewer objects per directory).
        tight = ratio <= 1.25
        met &= tight
        print(f"  - {label}: {ratio:.2f}x (target <= 1.25x) — {'met' if tight else 'NOT met'}")
        if same:
            floor_time = statistics.median(flat)
            print(f"  - a flat walk in Swift (bench/walk_floor.swift, the same output and "
                  f"calls, for the record): {floor_time * 1000:.0f} ms, bfs / floor "
                  f"{theirs / floor_time:.2f}x, lsrows / floor {ours / floor_time:.2f}x")
            if same_halves:
                halves_time = statistics.median(flat_halves)
                print(f"  - the same walk on two threads, half of the operand's entries each "
                      f"(`--threads 2`, for the record): {halves_time * 1000:.0f} ms, "
                      f"{halves_time / floor_time:.2f}x the one thread's")
        else:
            print("  - the flat walk in Swift was not measured: "
                  + ("swiftc could not build it" if floor is None else "its output differs"))
        ours, theirs = instructions([lsrows, "-RA", path]), instructions([bfs, path])
        floor_count = instructions([floor, path]) if same else None
        if ours and theirs:
            print(f"  - instructions (callgrind, for the record): lsrows {ours / 1e6:.1f}M, "
                  f"bfs {theirs / 1e6:.1f}M: {ours / theirs:.2f}x"
                  + (f"; the flat walk {floor_count / 1e6:.1f}M" if floor_count else ""))
        else:
            print("  - instructions not counted: no valgrind")
    return met


def instructions(command):
    """The instructions `command` executes in user space, by valgrind's
    callgrind, or None without valgrind.

    Unlike user time, the count does not depend on the machine's load or
    on where the kernel's ticks land, so it shows a change of a few
    percent that user time hides. Under valgrind every directory takes
    longer than 0.2 ms to open, which lsrows takes for a slow file system
    (its read-ahead helpers, not the walk that was timed): a read counts
    as slow there only past a minute (`LSROWS_SLOW_READ_NS`)."""
    if shutil.which("valgrind") is None:
        return None
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
                         + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env=dict(C_LOCALE, LSROWS_SLOW_READ_NS=str(60 * 10**9)), text=True)
    counts = re.findall(r"Collected : (\d+)", run.stderr)
    return int(counts[-1]) if counts else None


def startup(lsrows, runs):
    """An empty directory, a few hundred times each with hyperfine -N
    (Debian's): what a script that calls lsrows once per directory pays.

    hyperfine runs one command's runs before the next's, so a busy moment
    of the VM would land on one side: the runs come in rounds that
    alternate which command goes first, and the medians pool all rounds."""
    empty = os.path.join(BENCH_DIR, "empty")
    os.makedirs(empty, exist_ok=True)
    hyperfine = debian_tool("hyperfine", "hyperfine")
    if hyperfine is None:
        print("- hyperfine could not be installed: startup was not measured")
        return False
    report = os.path.join(BENCH_DIR, "startup.json")
    import json
    import shlex
    commands = {"lsrows EMPTY": [lsrows, empty], "ls EMPTY": ["ls", empty]}
    times = {label: [] for label in commands}
    rounds = 6
    for round_number in range(rounds):
        order = list(commands) if round_number % 2 == 0 else list(reversed(commands))
        subprocess.run(
            [hyperfine, "-N", "--warmup", "20", "--runs", str(max(50, runs * 8)),
             "--export-json", report, "--output=null",
             *[shlex.join(commands[label]) for label in order]],
            check=True, env=C_LOCALE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for label, result in zip(order, json.load(open(report))["results"]):
            times[label] += result["times"]
    medians = {label: statistics.median(values) for label, values in times.items()}
    print(f"\n### Startup: an empty directory (hyperfine -N, {rounds} alternating rounds, "
          "medians)\n")
    print("| command | median wall (ms) | runs |")
    print("|---|---:|---:|")
    for label in commands:
        print(f"| `{label}` | {medians[label] * 1000:.2f} | {len(times[label])} |")
    ratio = medians["lsrows EMPTY"] / medians["ls EMPTY"]
    met = ratio <= 1.5
    print(f"\n- `lsrows EMPTY` / `ls EMPTY`: time {ratio:.2f}x (target <= 1.5x) — "
          + ("met" if met else "NOT met"))
    # Peak memory from GNU time, the largest of a few runs each.
    peaks = {label: max(measure(commands[label], C_LOCALE)[1] for _ in range(5))
             for label in commands}
    print(f"- peak RSS: lsrows {peaks['lsrows EMPTY'] / 1024:.1f} MiB, "
          f"ls {peaks['ls EMPTY'] / 1024:.1f} MiB")
    return met


def recursive(lsrows, runs):
    """-R against find, ls -R and fd on three trees: the 50 x 50 x 200
    tree, /usr and the source-shaped tree."""
    tree = os.path.join(BENCH_DIR, "tree")
    make_tree(tree, 50, 50, 200)
    source = make_source_tree(os.path.join(BENCH_DIR, "source"))
    fd = fd_command()
    met = True
    for label, path in [("2,500 directories of 200 files (50 x 50 x 200)", tree),
                        ("/usr", "/usr"), ("the source-shaped tree", source)]:
        commands = [
            ("lsrows -R TREE", [lsrows, "-R", path], C_LOCALE),
            ("find TREE", ["find", path], C_LOCALE),
            ("LC_ALL=C ls -R TREE", ["ls", "-R", path], C_LOCALE),
        ]
        if fd:
            commands.append(("fdfind -u . TREE", [fd, "-u", ".", path], C_LOCALE))
        results = run_group(f"Recursive -R against find, ls and fd: {label}", commands, runs)
        print()
        met &= check(results, "lsrows -R TREE", "find TREE", 1.0, memory_cap=32)
        met &= check(results, "lsrows -R TREE", "LC_ALL=C ls -R TREE", 1.0, strict=True)
        if fd:
            met &= check(results, "lsrows -R TREE", "fdfind -u . TREE", 1.0, strict=True)
        else:
            print("- fd-find could not be installed: that comparison was not run")
    return met


def structured(lsrows, runs):
    """--json and --csv against -l, on a million names of two shapes and,
    with -RA, on /usr."""
    met = True
    inputs = [(label, path, []) for label, path in million_inputs()]
    for label, directory, recursive in inputs + [("/usr, with -RA", "/usr", ["-RA"])]:
        results = run_group(
            f"Structured output: {label}",
            [
                ("lsrows --json DIR", [lsrows, "--json"] + recursive + [directory], C_LOCALE),
                ("lsrows -l DIR", [lsrows, "-l"] + recursive + [directory], C_LOCALE),
                ("lsrows --csv DIR", [lsrows, "--csv"] + recursive + [directory], C_LOCALE),
            ],
            runs,
        )
        print()
        met &= check(results, "lsrows --json DIR", "lsrows -l DIR", 2.0)
        met &= check(results, "lsrows --csv DIR", "lsrows --json DIR", 1.2)
    return met


def whole_tree(lsrows, runs):
    """Whole-tree rows: one order across a tree, the top N in bounded
    memory, and every directory's total, against find | sort, GNU sort and
    du, on /usr and the source-shaped tree."""
    source = make_source_tree(os.path.join(BENCH_DIR, "source"))
    real = real_tree_inputs()
    top = [lsrows, "-R", "-A", "--sort-by=-size", "--limit=10", "--format", "{size}\\t{path}"]
    met = True
    for label, tree in real:
        ours = f"lsrows -RA --sort-by=-size --limit=10 --format '{{size}}\\t{{path}}' {label}"
        theirs = f"find {label} -printf '%s\\t%p\\n' | sort -rn | head -10"
        pipeline = f"find {tree} -printf '%s\\t%p\\n' | sort -rn | head -10"
        results = run_group(
            f"Whole tree: the ten largest files of {label}",
            [(ours, top + [tree], C_LOCALE), (theirs, ["sh", "-c", pipeline], C_LOCALE)], runs)
        print()
        met &= check(results, ours, theirs, 0.5)

    trees = [("50k", os.path.join(BENCH_DIR, "tree50k"), (10, 10, 500)),
             ("500k", os.path.join(BENCH_DIR, "tree"), (50, 50, 200)),
             ("5M", os.path.join(BENCH_DIR, "tree5m"), (100, 100, 500))]
    commands = []
    for label, path, shape in trees:
        make_tree(path, *shape)
        commands.append((f"--limit=10, {label} entries", top + [path], C_LOCALE))
    results = run_group("Whole tree: --sort-by=-size --limit=10, memory by tree size", commands,
                        max(3, runs // 2))
    print()
    peaks = [results[label][1] for label, _, _ in commands]
    bounded = max(peaks) <= 16
    # What may differ with the tree is what the walk reads ahead: with
    # statuses, 16,384 entries, about 3 MiB (WalkConfiguration).
    flat = max(peaks) - min(peaks) <= 3
    print(f"- peak RSS {', '.join(f'{p:.1f}' for p in peaks)} MiB over 50k, 500k, 5M entries: "
          f"at most 16 MiB ({'met' if bounded else 'NOT met'}), within the walk's 3 MiB "
          f"read-ahead of each other ({'met' if flat else 'NOT met'})")
    met &= bounded and flat

    for label, tree in [("TREE", os.path.join(BENCH_DIR, "tree")), ("SOURCE", source)]:
        lines = os.path.join(BENCH_DIR, f"lines-{label.lower()}.txt")
        with open(lines, "wb") as out:
            subprocess.run(["find", tree, "-mindepth", "1", "-printf", "%s\t%p\n"], stdout=out,
                           check=True)
        whole = [lsrows, "-RA", "--sort-by=-size", "--format", "{size}\\t{path}", tree]
        spilled = whole[:1] + ["--sort-memory=8M"] + whole[1:]
        ours = f"lsrows -RA --sort-by=-size --format '{{size}}\\t{{path}}' {label}"
        eight = f"lsrows -RA --sort-by=-size --sort-memory=8M --format '{{size}}\\t{{path}}' {label}"
        gnu = f"sort -t'\\t' -k1,1nr -k2 LINES-{label}"
        results = run_group(
            f"Whole tree: one order over {label}, no limit",
            [(ours, whole, C_LOCALE), (eight, spilled, C_LOCALE),
             (gnu, ["sort", "-t", "\t", "-k1,1nr", "-k2", lines], C_LOCALE)],
            runs,
        )
        print()
        peak, peak8, peak_gnu = results[ours][1], results[eight][1], results[gnu][1]
        print(f"- {label}: peak RSS {peak:.1f} MiB against GNU sort's {peak_gnu:.1f} MiB on the "
              f"same lines: {peak / peak_gnu:.2f}x (target <= 1.0x) — "
              f"{'met' if peak <= peak_gnu else 'NOT met'}")
        met &= peak <= peak_gnu
        same = (subprocess.run(whole, capture_output=True, env=C_LOCALE).stdout
                == subprocess.run(spilled, capture_output=True, env=C_LOCALE).stdout)
        print(f"- {label}: with --sort-memory=8M, peak {peak8:.1f} MiB (target < 32 MiB), the "
              f"same bytes: {'yes' if same else 'NO'} — "
              f"{'met' if peak8 < 32 and same else 'NOT met'}")
        met &= peak8 < 32 and same

    tree = os.path.join(BENCH_DIR, "tree")
    long = [lsrows, "-lRA", "--sort-by=-size", tree]
    long8 = long[:1] + ["--sort-memory=8M"] + long[1:]
    ours = "lsrows -lRA --sort-by=-size TREE"
    eight = "lsrows -lRA --sort-by=-size --sort-memory=8M TREE"
    results = run_group("Whole tree: one -l order over TREE, no limit",
                        [(ours, long, C_LOCALE), (eight, long8, C_LOCALE),
                         ("ls -lRA TREE", ["ls", "-lRA", tree], C_LOCALE)], runs)
    print()
    peak8 = results[eight][1]
    same = (subprocess.run(long, capture_output=True, env=C_LOCALE).stdout
            == subprocess.run(long8, capture_output=True, env=C_LOCALE).stdout)
    print(f"- -l, columns measured over every row: with --sort-memory=8M, peak {peak8:.1f} MiB "
          f"(target < 32 MiB), the same bytes: {'yes' if same else 'NO'} — "
          f"{'met' if peak8 < 32 and same else 'NOT met'}")
    met &= peak8 < 32 and same

    gdu = debian_tool("gdu", "gdu")
    for label, tree in real:
        ours = f"lsrows -RA --where 'type == dir' --format '{{tree_blocks}}\\t{{path}}' {label}"
        commands = [
            (ours, [lsrows, "-RA", "--where", "type == dir", "--format",
                    "{tree_blocks}\\t{path}", tree], C_LOCALE),
            (f"du -k {label}", ["du", "-k", tree], C_LOCALE),
        ]
        if gdu:
            commands.append((f"gdu -n {label}", [gdu, "-n", tree], C_LOCALE))
        results = run_group(f"Whole tree: every directory's total on {label}", commands, runs)
        print()
        met &= check(results, ours, f"du -k {label}", 0.8)
        if gdu:
            check(results, ours, f"gdu -n {label}", 1.0)
    return met


def versus(lsrows, runs, baseline):
    """Every mode of lsrows against another build of it, interleaved: for a
    change that must not make anything slower. No targets; read the table."""
    if baseline is None:
        sys.exit("versus needs --baseline PATH (another lsrows binary)")
    million = os.path.join(BENCH_DIR, "million")
    make_flat(million, 1_000_000)
    tree = os.path.join(BENCH_DIR, "tree")
    make_tree(tree, 50, 50, 200)
    modes = [[], ["-U"], ["-l"], ["-S"], ["-t"], ["--format", "{name}\\t{size}"], ["--json"],
             ["--csv"]]
    commands = []
    for mode in modes:
        label = " ".join(mode) or "names"
        commands.append((f"baseline {label}", [baseline] + mode + [million], C_LOCALE))
        commands.append((f"lsrows {label}", [lsrows] + mode + [million], C_LOCALE))
    commands.append(("baseline -R TREE", [baseline, "-R", tree], C_LOCALE))
    commands.append(("lsrows -R TREE", [lsrows, "-R", tree], C_LOCALE))
    run_group("lsrows against a baseline build", commands, runs)
    return True


def make_ignoring_repository(path):
    """A source-shaped git work tree of about 80,000 files with a few
    ignore files, and what they ignore in it: build output, objects,
    dependencies; made once, committed nothing (every file untracked)."""
    marker = path + ".repo-done"
    if os.path.exists(marker):
        return path
    make_source_tree(path, directories=9_000)
    import random
    rng = random.Random(30)
    subprocess.run(["git", "init", "-q", path], check=True)
    with open(os.path.join(path, ".gitignore"), "w") as out:
        out.write("# build output\n/out/\nbuild/\n*.o\n*.pyc\nnode_modules/\n*.tmp\n!keep.tmp\n")
    directories = [root for root, _, _ in os.walk(path) if "/.git" not in root]
    for directory in rng.sample(directories, 40):
        with open(os.path.join(directory, ".gitignore"), "w") as out:
            out.write(rng.choice(["generated/\n", "*.log\n!important.log\n", "/cache\n*.bak\n",
                                  "docs/**/*.html\n", "[Tt]emp*\n"]))
    # What the rules leave out: objects beside sources, build trees.
    for directory in rng.sample(directories, 600):
        for index in range(8):
            open(os.path.join(directory, "obj%d.o" % index), "w").close()
    for directory in rng.sample(directories, 30):
        build = os.path.join(directory, "build")
        os.makedirs(os.path.join(build, "gen"), exist_ok=True)
        for index in range(60):
            open(os.path.join(build, "gen", "unit%d.c" % index), "w").close()
    written_out()
    open(marker, "w").close()
    return path


def gitignore(lsrows, runs):
    """--gitignore on a source-shaped repository against fd, which applies
    .gitignore by default, and git's own listing of untracked files."""
    repo = make_ignoring_repository(os.path.join(BENCH_DIR, "repo80k"))
    fd = fd_command()
    ours = "lsrows -R -A --gitignore REPO"
    git = "git -C REPO ls-files -o --exclude-standard"
    commands = [
        (ours, [lsrows, "-R", "-A", "--gitignore", repo], C_LOCALE),
        ("lsrows -R -A REPO", [lsrows, "-R", "-A", repo], C_LOCALE),
        (git, ["git", "-C", repo, "ls-files", "-o", "--exclude-standard"], C_LOCALE),
    ]
    if fd:
        commands.append(("fdfind -H . REPO", [fd, "-H", ".", repo], C_LOCALE))
    files = subprocess.run(["git", "-C", repo, "ls-files", "-o", "--exclude-standard"],
                           capture_output=True).stdout.count(b"\n")
    results = run_group(f"--gitignore: a source-shaped repository ({files:,} files git keeps)",
                        commands, runs)
    print()
    listed = subprocess.run([os.path.abspath(lsrows), "-RA", "--gitignore", "--type=f", "-0",
                             "--format={path}"],
                            cwd=repo, capture_output=True).stdout.split(b"\0")
    kept = subprocess.run(["git", "-C", repo, "ls-files", "-o", "--exclude-standard", "-z"],
                          capture_output=True).stdout.split(b"\0")
    same = sorted(x for x in listed if x) == sorted(x for x in kept if x)
    print(f"- the files listed are git's: {'yes' if same else 'NO'}")
    met = same
    met &= check(results, ours, git, 1.0)
    if fd:
        met &= check(results, ours, "fdfind -H . REPO", 1.0)
    return met


def slow_fs_server():
    """bench/slowfs.c built once, or None (and why) where FUSE is not
    available: no /dev/fuse, no libfuse3-dev, no fusermount3."""
    if not os.path.exists("/dev/fuse"):
        return None, "no /dev/fuse"
    if shutil.which("fusermount3") is None:
        return None, "no fusermount3 (Debian's fuse3)"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "fuse3"], capture_output=True,
                           text=True) if shutil.which("pkg-config") else None
    if flags is None or flags.returncode != 0:
        return None, "no libfuse3 to build against (Debian's libfuse3-dev and pkg-config)"
    binary = built("slowfs.c",
                   lambda source, binary: ["cc", "-O2", "-o", binary, source]
                   + flags.stdout.split())
    return (binary, None) if binary else (None, "bench/slowfs.c did not build")


def bfs_from_source():
    """bfs 4 built from source (io_uring, threads), when LSROWS_BENCH_BFS4
    names its binary: it is not packaged by Debian 12, so never installed
    here."""
    binary = os.environ.get("LSROWS_BENCH_BFS4")
    return binary if binary and os.access(binary, os.X_OK) else None


def slow_fs(lsrows, runs):
    """-RA and a size query over a file system that waits 0.5 ms in every
    getattr and directory read, as a network one does (bench/slowfs.c, a
    FUSE view of a real tree), against bfs and fd with 16 threads: over
    /usr/include (a few large directories among many small ones) and
    /usr/share/doc (a thousand directories of a few files each)."""
    server, missing = slow_fs_server()
    if server is None:
        print(f"\n### Slow file system (0.5 ms a request)\n\nskipped: {missing}")
        return True
    met = True
    for source in ["/usr/include", "/usr/share/doc"]:
        met &= slow_fs_over(server, source, lsrows, runs)
    return met


def slow_fs_over(server, source, lsrows, runs):
    """The slow-fs group over a FUSE view of `source`."""
    mount = os.path.join(BENCH_DIR, "slowfs-mount")
    os.makedirs(mount, exist_ok=True)
    if os.path.ismount(mount):
        subprocess.run(["fusermount3", "-u", mount], check=False)
    process = subprocess.Popen([server, source, mount, "-f", "-o", "delay_us=500",
                                "-o", "max_threads=64", "-o", "max_idle_threads=64"])
    try:
        for _ in range(100):
            if os.path.ismount(mount):
                break
            time.sleep(0.05)
        else:
            sys.exit("the slow file system did not mount")
        fd = fd_command()
        bfs = debian_tool("bfs", "bfs")
        bfs4 = bfs_from_source()
        names = "lsrows -RA MNT"
        sizes = "lsrows -RA --where 'size > 100000' MNT"
        commands = [(names, [lsrows, "-RA", mount], C_LOCALE)]
        if bfs:
            commands.append(("bfs MNT", [bfs, mount], C_LOCALE))
        if bfs4:
            commands.append(("bfs4 -j32 MNT", [bfs4, "-j32", mount], C_LOCALE))
        if fd:
            commands.append(("fdfind -j16 -u . MNT", [fd, "-j16", "-u", ".", mount], C_LOCALE))
        commands.append((sizes, [lsrows, "-RA", "--where", "size > 100000", mount], C_LOCALE))
        if bfs:
            commands.append(("bfs MNT -size +100k", [bfs, mount, "-size", "+100k"], C_LOCALE))
        if bfs4:
            commands.append(("bfs4 -j32 MNT -size +100k",
                             [bfs4, "-j32", mount, "-size", "+100k"], C_LOCALE))
        if fd:
            commands.append(("fdfind -j16 -u -S +100k . MNT",
                             [fd, "-j16", "-u", "-S", "+100k", ".", mount], C_LOCALE))
        # One directory, not walked: ls stats its entries one at a time.
        commands.append(("lsrows -l MNT", [lsrows, "-l", mount], C_LOCALE))
        commands.append(("LC_ALL=C ls -l MNT", ["ls", "-l", mount], C_LOCALE))
        results = run_group(f"Slow file system: {source}, 0.5 ms a getattr or directory read",
                            commands, runs)
        print()
        met = True
        if fd:
            met &= check(results, names, "fdfind -j16 -u . MNT", 0.4)
            met &= check(results, sizes, "fdfind -j16 -u -S +100k . MNT", 0.15)
        met &= check(results, "lsrows -l MNT", "LC_ALL=C ls -l MNT", 0.1)
        if bfs4:
            met &= check(results, names, "bfs4 -j32 MNT", 1.0)
        else:
            print("- bfs 4 not compared: LSROWS_BENCH_BFS4 names no binary")
        return met
    finally:
        subprocess.run(["fusermount3", "-u", mount], check=False)
        process.wait()


def make_chain(path, depth, name_length, files=True):
    """A chain of `depth` directories, each named with `name_length`
    bytes (one: all named `d`) and with `files` holding a file beside the
    next, made once (through descriptors: the paths pass PATH_MAX)."""
    marker = path + ".done"
    if os.path.exists(marker):
        return path
    print(f"creating a chain of {depth} directories in {path} (once)...", file=sys.stderr)
    os.makedirs(path, exist_ok=True)
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    for level in range(depth):
        name = ("d%d" % level).ljust(name_length, "x") if name_length > 1 else "d"
        if files:
            os.close(os.open("f" + name[1:], os.O_CREAT | os.O_WRONLY, 0o644, dir_fd=fd))
        try:
            os.mkdir(name, dir_fd=fd)
        except FileExistsError:
            pass
        deeper = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = deeper
    os.close(fd)
    written_out()
    open(marker, "w").close()
    return path


def digest_of_output(command, cwd):
    """The SHA-256 of what `command` writes, read as it comes: the output
    of a deep tree's paths is too large to hold."""
    import hashlib
    digest = hashlib.sha256()
    with subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, env=C_LOCALE) as child:
        for block in iter(lambda: child.stdout.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest(), child.returncode


def depth(lsrows, runs):
    """Memory on a chain of 3,000 directories with 100-byte names (paths
    far past PATH_MAX), against find and bfs; and a chain of 20,000 listed
    whole, path for path what find lists."""
    chain = make_chain(os.path.join(BENCH_DIR, "chain3000"), 3000, 100)
    bfs = debian_tool("bfs", "bfs")
    commands = [("lsrows -RA --format '{name}' CHAIN",
                 [lsrows, "-RA", "--format", "{name}", chain], C_LOCALE),
                ("find CHAIN -printf '%f\\n'", ["find", chain, "-printf", "%f\\n"], C_LOCALE)]
    if bfs:
        commands.append(("bfs CHAIN -printf '%f\\n'", [bfs, chain, "-printf", "%f\\n"],
                         C_LOCALE))
    results = run_group("Depth: a chain of 3,000 directories, 100-byte names", commands,
                        max(3, runs // 2))
    print()
    peak = results["lsrows -RA --format '{name}' CHAIN"][1]
    met = peak <= 16
    print(f"- `lsrows -RA --format '{{name}}' CHAIN`: peak {peak:.1f} MiB (target <= 16 MiB)"
          f" — {'met' if met else 'NOT met'}")
    # One entry a directory, so that find's order (the directory's) is
    # lsrows's (sorted).
    deep = make_chain(os.path.join(BENCH_DIR, "chain20000"), 20000, 1, files=False)
    ours = digest_of_output([os.path.abspath(lsrows), "-RA", "--format", "{path}", "."], deep)
    theirs = digest_of_output(["find", ".", "-mindepth", "1"], deep)
    same = ours == theirs and ours[1] == 0
    print(f"- a chain of 20,000 directories: `lsrows -RA --format '{{path}}' .` writes what "
          f"`find . -mindepth 1` writes: {'yes' if same else 'NO'} — {'met' if same else 'NOT met'}")
    return met and same


GROUPS = {"foundation": foundation, "rows": typed_rows, "recursive": recursive,
          "structured": structured, "queries": queries, "shapes": shapes, "trees": real_trees,
          "startup": startup, "whole-tree": whole_tree, "gitignore": gitignore,
          "slow-fs": slow_fs, "depth": depth}


def empty_kernel_caches():
    """Empties the kernel's dentry and inode caches (not the page cache)
    where lsrows's bench runs as root, and says whether it could.

    Done before every group, so that a group's ratios come from its own
    trees, warmed by its first run, and not from the millions of dentries
    that the groups before it (or making their trees) left behind: with
    those, every lookup is slower, in lsrows and in its peers by
    different amounts, so a ratio would depend on which groups ran
    first."""
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as caches:
            caches.write("2\n")
        return True
    except OSError:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lsrows", default=os.path.join(ROOT, ".build", "release", "lsrows"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", help="another lsrows binary, for the versus group")
    parser.add_argument("groups", nargs="*", default=list(GROUPS),
                        help=f"{', '.join(GROUPS)}, or versus (not run by default)")
    arguments = parser.parse_args()
    print(f"lsrows bench: {arguments.runs} runs each, medians; {os.cpu_count()} CPUs; "
          f"{time.strftime('%Y-%m-%d')}")
    all_met = True
    empties_caches = True
    for name in arguments.groups:
        if empties_caches and not empty_kernel_caches():
            empties_caches = False
            print("(the kernel's dentry and inode caches are not emptied before each group: "
                  "not root)")
        if name == "versus":
            versus(arguments.lsrows, arguments.runs, arguments.baseline)
        else:
            all_met &= GROUPS[name](arguments.lsrows, arguments.runs)
    print("\nall targets met" if all_met else "\nsome targets NOT met")


if __name__ == "__main__":
    main()
