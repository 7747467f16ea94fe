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
"""

import argparse
import statistics

from bench import C_LOCALE, cpu_times


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
    parser.add_argument("commands", nargs="+", metavar="label=command")
    arguments = parser.parse_args()
    commands = [parse(spec) for spec in arguments.commands]
    times = {label: [] for label, _, _ in commands}
    for _, environment, argv in commands:
        cpu_times(argv, environment)
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
