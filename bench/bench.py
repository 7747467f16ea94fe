#!/usr/bin/env python3
"""Side-by-side timings of lsrows against ls and find, for `make bench`.

Every command in a group runs interleaved with the others, after one warm-up
run each, so cache state and machine load are shared. Wall time is measured
around the child; peak memory is the child's maximum resident set size as
/usr/bin/time reports it (%M). Output goes to /dev/null for every command.
"""

import argparse
import os
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


def make_flat(path, count):
    """A directory of `count` empty files, made once."""
    if os.path.isdir(path) and len(os.listdir(path)) == count:
        return
    print(f"creating {count} files in {path} (once)...", file=sys.stderr)
    os.makedirs(path, exist_ok=True)
    for index in range(count):
        fd = os.open(os.path.join(path, "f%07d" % index), os.O_CREAT | os.O_WRONLY, 0o644)
        os.close(fd)


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
        print(f"| `{label}` | {median:.3f} | {min(samples[label]):.3f} | {peaks[label] / 1024:.1f} |")
    return results


def check(results, ours, reference, time_ratio, memory_ratio=None, memory_cap=None):
    our_time, our_memory = results[ours]
    ref_time, ref_memory = results[reference]
    ratio = our_time / ref_time
    met = ratio <= time_ratio
    line = f"- `{ours}` / `{reference}`: time {ratio:.2f}x (target <= {time_ratio}x)"
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
    directory = os.path.join(BENCH_DIR, "million")
    make_flat(directory, 1_000_000)
    results = run_group(
        "Typed rows: 1,000,000 empty files with metadata",
        [
            ("lsrows -l DIR", [lsrows, "-l", directory], C_LOCALE),
            ("LC_ALL=C ls -l --time-style=long-iso DIR",
             ["ls", "-l", "--time-style=long-iso", directory], C_LOCALE),
            ("lsrows -S DIR", [lsrows, "-S", directory], C_LOCALE),
            ("LC_ALL=C ls -1S DIR", ["ls", "-1S", directory], C_LOCALE),
            ("lsrows -t DIR", [lsrows, "-t", directory], C_LOCALE),
            ("LC_ALL=C ls -1t DIR", ["ls", "-1t", directory], C_LOCALE),
            ("lsrows --format '{name}\\t{size}' DIR",
             [lsrows, "--format", "{name}\\t{size}", directory], C_LOCALE),
            ("find DIR -maxdepth 1 -printf '%f\\t%s\\n'",
             ["find", directory, "-maxdepth", "1", "-printf", "%f\\t%s\\n"], C_LOCALE),
        ],
        runs,
    )
    print()
    met = check(results, "lsrows -l DIR", "LC_ALL=C ls -l --time-style=long-iso DIR", 0.5,
                memory_ratio=1.0)
    met &= check(results, "lsrows -S DIR", "LC_ALL=C ls -1S DIR", 0.6)
    met &= check(results, "lsrows -t DIR", "LC_ALL=C ls -1t DIR", 0.6)
    met &= check(results, "lsrows --format '{name}\\t{size}' DIR",
                 "find DIR -maxdepth 1 -printf '%f\\t%s\\n'", 1.0)
    return met


GROUPS = {"foundation": foundation, "rows": typed_rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lsrows", default=os.path.join(ROOT, ".build", "release", "lsrows"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("groups", nargs="*", default=list(GROUPS))
    arguments = parser.parse_args()
    print(f"lsrows bench: {arguments.runs} runs each, medians; {os.cpu_count()} CPUs; "
          f"{time.strftime('%Y-%m-%d')}")
    all_met = True
    for name in arguments.groups:
        all_met &= GROUPS[name](arguments.lsrows, arguments.runs)
    print("\nall targets met" if all_met else "\nsome targets NOT met")


if __name__ == "__main__":
    main()
