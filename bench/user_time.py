#!/usr/bin/env python3
"""User and system CPU of a few commands, interleaved, for comparing builds.

`make bench` gives the verdicts; this answers narrower questions, such as
whether a change to lsrows moves its user time, by running the commands
round-robin so that they share the machine's state, and reading each
child's own CPU times from wait4(2) (bench.py's `cpu_times`), in bench.py's
C locale. Output goes to /dev/null.

    python3 bench/user_time.py --runs 40 \\
        "before=/tmp/lsrows.before -RA .bench/source" \\
        "after=.build/release/lsrows -RA .bench/source" \\
        "bfs=bfs .bench/source" \\
        "arenas=MALLOC_ARENA_MAX=1 .build/release/lsrows -RA .bench/source"

Leading NAME=VALUE words set the environment of that command only. Every
command runs once to warm up, then --runs times. Printed per command: the
mean user time with its standard error, the median, the mean as a multiple
of the first command's, mean system time, and median wall time.

The kernel splits a child's CPU time between user and system by where its
timer ticks land, so one run's user time is off by up to a sixth and the
mean of 40 moves by some 5% from one try to the next. With --sampled the
user time is counted instead from perf's samples of user mode
(`perf record -e cpu-clock:u -F 10000`), ten runs of a command at a time,
the commands taking turns: bfs's and the flat walk's means then repeat
within 1%, and lsrows's, which moves with how its two threads are
scheduled, within 3%. It needs perf, and the right to sample (root, or
perf_event_paranoid at most 2).
"""

import argparse
import os
import statistics
import subprocess
import tempfile

from bench import C_LOCALE, cpu_times

# Samples a millisecond of CPU time gives at perf's -F 10000.
SAMPLES_PER_MS = 10


def sampled_user_ms(argv, environment, runs):
    """The user time of one run of `argv`, in ms, from perf's samples of
    user mode over `runs` runs in a row (the shell loop's own samples left
    out)."""
    loop = 'for i in $(seq "$0"); do "$@" >/dev/null 2>&1; done'
    with tempfile.TemporaryDirectory() as directory:
        data = os.path.join(directory, "perf.data")
        subprocess.run(["perf", "record", "-q", "-e", "cpu-clock:u", "-F", "10000", "-o", data,
                        "--", "sh", "-c", loop, str(runs), *argv],
                       env=environment, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        commands = subprocess.run(["perf", "script", "-i", data, "-F", "comm"],
                                  capture_output=True, text=True, check=True).stdout.split()
    own = sum(1 for command in commands if command not in ("sh", "seq"))
    return own / SAMPLES_PER_MS / runs


def sampled(commands, runs):
    """--sampled: rounds of ten runs of each command, taking turns."""
    rounds = max(2, runs // 10)
    times = {label: [] for label, _, _ in commands}
    for _ in range(rounds):
        for label, environment, argv in commands:
            times[label].append(sampled_user_ms(argv, environment, 10))
    first = None
    for label, _, _ in commands:
        user = times[label]
        mean = statistics.mean(user)
        error = statistics.stdev(user) / len(user) ** 0.5
        first = first or mean
        print(f"{label:12s} user {mean:6.1f} ± {error:4.1f} ms (sampled, {rounds} rounds of 10 runs,"
              f" {mean / first:.3f}x first)")


def parse(spec):
    """`label=[NAME=VALUE ...] argv...` as (label, environment, argv)."""
    label, command = spec.split("=", 1)
    words = command.split()
    environment = dict(C_LOCALE)
    while words and "=" in words[0] and not words[0].startswith("/"):
        name, value = words.pop(0).split("=", 1)
        environment[name] = value
    return label, environment, words


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--sampled", action="store_true",
                        help="user time from perf's samples of user mode")
    parser.add_argument("commands", nargs="+", metavar="label=command")
    arguments = parser.parse_args()
    commands = [parse(spec) for spec in arguments.commands]
    times = {label: [] for label, _, _ in commands}
    for _, environment, argv in commands:
        cpu_times(argv, environment)
    if arguments.sampled:
        return sampled(commands, arguments.runs)
    for _ in range(arguments.runs):
        for label, environment, argv in commands:
            times[label].append(cpu_times(argv, environment))
    first = None
    for label, _, _ in commands:
        user = [run[1] * 1000 for run in times[label]]
        mean = statistics.mean(user)
        error = statistics.stdev(user) / len(user) ** 0.5 if len(user) > 1 else 0
        first = first or mean
        system = statistics.mean(run[2] * 1000 for run in times[label])
        wall = statistics.median(run[0] * 1000 for run in times[label])
        print(
            f"{label:12s} user {mean:6.1f} ± {error:4.1f} ms (median {statistics.median(user):6.1f},"
            f" {mean / first:.2f}x first)  sys {system:6.1f} ms  wall median {wall:6.1f} ms"
        )


if __name__ == "__main__":
    main()
