#!/usr/bin/env python3
"""Brings BENCHMARKS.md up to a `make bench` output: each chapter's tables
and verdict lines, and the summary table of the Verdict.

    make bench > bench-output.txt
    python3 bench/update_benchmarks.py bench-output.txt

What a person writes stays as it is: the machine and method, the Verdict's
prose on what is not met, each chapter's introduction. The script prints
how many targets are met and which are not, for that prose.

A chapter of BENCHMARKS.md names its groups, as "## Start-up (`startup`)";
its sections are the output's sections whose headings start as that
group's do (CHAPTERS), in the order the bench printed them. The summary
has one line per command, peer, measure and target: the worst value over
the inputs it was measured on, which are named after the section's
heading (input_of)."""

import os
import re
import sys
from collections import OrderedDict

BENCHMARKS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "BENCHMARKS.md")

# The headings each chapter's sections start with, by the group in its title.
CHAPTERS = {
    "foundation": ["### Foundation:"],
    "rows": ["### Typed rows:"],
    "shapes": ["### Shape '", "### Unsorted:"],
    "recursive": ["### Recursive", "### User CPU:"],
    "structured": ["### Structured output:"],
    "queries": ["### Queries:", "### Matching:"],
    "startup": ["### Startup:"],
    "whole-tree": ["### Whole tree:"],
    "gitignore": ["### --gitignore:"],
    "slow-fs": ["### Slow file system:"],
    "depth": ["### Depth:"],
}

# Lines of the output that are not part of any section.
NOT_SECTIONS = ("lsrows bench", "creating", "all targets", "some targets", "installing",
                "(the kernel")


def sections(output):
    """The output's sections, in order: (heading, body lines)."""
    found = []
    index = 0
    while index < len(output):
        if not output[index].startswith("### "):
            index += 1
            continue
        end = index + 1
        while end < len(output) and not output[end].startswith(("### ",) + NOT_SECTIONS):
            end += 1
        body = output[index + 1:end]
        while body and not body[0]:
            body.pop(0)
        while body and not body[-1]:
            body.pop()
        found.append((output[index], body))
        index = end
    return found


def input_of(heading):
    """The input a section measured, as the summary names it."""
    shape = re.search(r"[Ss]hape '(\w+)'", heading)
    if shape:
        return f"shape '{shape.group(1)}'"
    for marker, name in [("/usr/share/doc", "/usr/share/doc over FUSE, 0.5 ms"),
                         ("/usr/include", "/usr/include over FUSE, 0.5 ms"),
                         ("/usr", "/usr"), ("repository", "80k-file repository"),
                         ("SOURCE", "SOURCE"), ("source-shaped tree", "SOURCE"),
                         ("50 x 50 x 200", "50 x 50 x 200 tree"), ("over TREE", "50 x 50 x 200 tree"),
                         ("empty directory", "empty directory"), ("3,000", "3,000-deep chain"),
                         ("1,000,000", "1,000,000 files")]:
        if marker in heading:
            return name
    return heading


def as_tree(label):
    """`label` with the tree it names as TREE: the summary has one line
    for a command over every tree it measured."""
    return re.sub(r"(?<= )(/usr|SOURCE)(?= |$)", "TREE", label)


class Summary:
    """The summary's lines, in the order their first value was met."""

    def __init__(self):
        self.lines = OrderedDict()

    def add(self, what, against, measure, target, value, shown, where, met):
        line = self.lines.setdefault((as_tree(what), as_tree(against), measure, target),
                                     {"worst": None, "shown": shown, "on": [], "inputs": [],
                                      "met": True})
        if where not in line["inputs"]:
            line["inputs"].append(where)
        line["met"] &= met
        if value is None:
            if not met and where not in line["on"]:
                line["on"].append(where)
        elif line["worst"] is None or value > line["worst"] + 1e-9:
            line.update(worst=value, shown=shown, on=[where])
        elif abs(value - line["worst"]) < 1e-9 and where not in line["on"]:
            line["on"].append(where)

    def read(self, output):
        check = re.compile(
            r"^- `(?P<ours>.+?)` / `(?P<ref>.+?)`: time (?P<r>[\d.]+)x "
            r"\(target (?P<op><=|<) (?P<t>[\d.]+)x\)"
            r"(?:, memory (?P<m>[\d.]+)x \(target <= (?P<mt>[\d.]+)x\))?"
            r"(?:, memory (?P<cap>[\d.]+) MiB \(target < (?P<capt>[\d.]+) MiB\))?")
        where = ""
        for line in output:
            if line.startswith("### "):
                where = input_of(line[4:])
                continue
            if m := check.match(line):
                ratio, target = float(m["r"]), float(m["t"])
                self.add(m["ours"], m["ref"], "time", f"{m['op']} {m['t']}x", ratio,
                         f"{ratio:.2f}x", where, ratio < target if m["op"] == "<" else ratio <= target)
                if m["m"]:
                    memory = float(m["m"])
                    self.add(m["ours"], m["ref"], "peak memory", f"<= {m['mt']}x", memory,
                             f"{memory:.2f}x", where, memory <= float(m["mt"]))
                if m["cap"]:
                    peak = float(m["cap"])
                    self.add(m["ours"], "—", "peak memory", f"< {m['capt']} MiB", peak,
                             f"{peak:.2f} MiB", where, peak < float(m["capt"]))
            elif m := re.match(r"^- (/usr|SOURCE): lsrows \d+ ms, bfs \d+ ms: ([\d.]+)x", line):
                ratio = float(m[2])
                for bound in (2.0, 1.25):
                    self.add("lsrows -RA TREE", "bfs TREE", "user CPU", f"<= {bound}x", ratio,
                             f"{ratio:.2f}x", m[1], ratio <= bound)
            elif m := re.match(r"^- peak RSS ([\d.]+), ([\d.]+), ([\d.]+) MiB over 50k, 500k, 5M", line):
                peaks = [float(p) for p in m.groups()]
                what = "lsrows -R --sort-by=-size --limit=10 TREE"
                self.add(what, "—", "peak memory", "<= 16 MiB", max(peaks),
                         f"{max(peaks):.2f} MiB", "5M entries", max(peaks) <= 16)
                growth = max(peaks) - min(peaks)
                self.add(what, "—", "peak memory growth", "<= 3 MiB", growth,
                         f"{growth:.2f} MiB", "50k to 5M entries", growth <= 3)
            elif m := re.match(r"^- (TREE|SOURCE): peak RSS [\d.]+ MiB against GNU sort's "
                               r"[\d.]+ MiB on the same lines: ([\d.]+)x", line):
                ratio = float(m[2])
                self.add("lsrows -RA --sort-by=-size TREE", "sort LINES", "peak memory", "<= 1.0x",
                         ratio, f"{ratio:.2f}x", input_of(m[1]) if m[1] == "SOURCE"
                         else "50 x 50 x 200 tree", ratio <= 1.0)
            elif m := re.match(r"^- (TREE|SOURCE): with --sort-memory=8M, peak ([\d.]+) MiB "
                               r"\(target < 32 MiB\), the same bytes: (\w+)", line):
                peak = float(m[2])
                self.add("lsrows -RA --sort-by=-size --sort-memory=8M TREE", "—", "peak memory",
                         "< 32 MiB", peak, f"{peak:.2f} MiB",
                         "SOURCE" if m[1] == "SOURCE" else "50 x 50 x 200 tree",
                         peak < 32 and m[3] == "yes")
            elif m := re.match(r"^- -l, columns measured over every row: with --sort-memory=8M, "
                               r"peak ([\d.]+) MiB \(target < 32 MiB\), the same bytes: (\w+)", line):
                peak = float(m[1])
                self.add("lsrows -lRA --sort-by=-size --sort-memory=8M TREE", "—", "peak memory",
                         "< 32 MiB", peak, f"{peak:.2f} MiB", "50 x 50 x 200 tree",
                         peak < 32 and m[2] == "yes")
            elif m := re.match(r"^- the files listed are git's: (\w+)", line):
                self.add("lsrows -RA --gitignore --type=f", "git ls-files -o --exclude-standard",
                         "same files", "yes", None, m[1], "80k-file repository", m[1] == "yes")
            elif m := re.match(r"^- `lsrows -RA --format '\{name\}' CHAIN`: peak ([\d.]+) MiB", line):
                peak = float(m[1])
                self.add("lsrows -RA --format '{name}' CHAIN", "—", "peak memory", "<= 16 MiB",
                         peak, f"{peak:.2f} MiB", "3,000-deep chain", peak <= 16)
            elif m := re.match(r"^- a chain of 20,000 directories: .* writes: (\w+)", line):
                self.add("lsrows -RA --format '{path}' .", "find . -mindepth 1", "same bytes", "yes",
                         None, m[1], "20,000-deep chain", m[1] == "yes")

    def table(self):
        def cell(text):
            return f"`{text.replace('|', chr(92) + '|')}`" if text != "—" else "—"
        rows = ["| what | against | measure | target | worst | on | inputs | met |",
                "|---|---|---|---|---:|---|---:|---|"]
        for (what, against, measure, target), line in self.lines.items():
            on = ", ".join(line["on"] or line["inputs"])
            rows.append(f"| {cell(what)} | {cell(against)} | {measure} | {target} | "
                        f"{line['shown']} | {on} | {len(line['inputs'])} | "
                        f"{'yes' if line['met'] else 'NO'} |")
        return rows


def updated(document, output):
    """BENCHMARKS.md's lines with the output's sections and summary."""
    found = sections(output)
    placed = set()
    lines = []
    index = 0
    while index < len(document):
        line = document[index]
        group = re.match(r"## .*\(`([\w-]+)`", line)
        if group and group[1] in CHAPTERS:
            # The title and introduction stay; the sections are the output's.
            lines.append(line)
            index += 1
            while index < len(document) and not document[index].startswith(("### ", "## ")):
                lines.append(document[index])
                index += 1
            while index < len(document) and not document[index].startswith("## "):
                index += 1
            for heading, body in found:
                if heading.startswith(tuple(CHAPTERS[group[1]])):
                    lines += [heading, ""] + body + [""]
                    placed.add(heading)
            continue
        lines.append(line)
        index += 1
    unplaced = [heading for heading, _ in found if heading not in placed]
    if unplaced:
        sys.exit(f"sections no chapter takes: {unplaced}")
    summary = Summary()
    summary.read(output)
    start = lines.index("| what | against | measure | target | worst | on | inputs | met |")
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return lines[:start] + summary.table() + lines[end:], summary


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    output = open(sys.argv[1]).read().split("\n")
    document = open(BENCHMARKS).read().split("\n")
    lines, summary = updated(document, output)
    open(BENCHMARKS, "w").write("\n".join(lines))
    met = sum(line["met"] for line in summary.lines.values())
    print(f"{met} of {len(summary.lines)} targets met; not met:")
    for (what, against, measure, target), line in summary.lines.items():
        if not line["met"]:
            print(f"- {what} against {against}: {measure} {line['shown']} (target {target})")


if __name__ == "__main__":
    main()
