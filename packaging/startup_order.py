#!/usr/bin/env python3
"""Writes the functions lsrows runs on small listings, for the linker.

A script that calls lsrows once per directory pays its start-up each time,
and much of that is the kernel faulting in pages of a 4 MB text section
that the first listing touches here and there. The release build hands
this list to lld (`--symbol-ordering-file`), which places these functions
side by side, so a short run touches fewer pages.

The list is only an ordering: a function renamed since it was written is
ignored by the linker, and one missing from it is placed as usual, so a
stale list costs speed, never correctness. Regenerate it after a large
change with `make startup-order` (needs valgrind).

Usage: startup_order.py LSROWS OUTPUT
"""

import os
import re
import subprocess
import sys
import tempfile

# Listings a script makes most: an empty directory, names, long rows, a
# small tree, and the first error.
RUNS = [[], ["-a"], ["-l"], ["-la"], ["-R"], ["-1", "missing"]]


def functions_run(binary, arguments, directory):
    """The binary's own functions that one run executed, in the order
    callgrind first records them."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as profile:
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--demangle=no",
             f"--callgrind-out-file={profile.name}", binary, *arguments],
            cwd=directory, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return names_in(profile.name, binary)


def names_in(profile, binary):
    """Callgrind compresses names: `ob=(3) /path` and `fn=(12) name` define
    an id once; later lines give only `(3)` or `(12)`."""
    defined = {"ob": {}, "fn": {}}
    owner, order = {}, []
    current = None
    for line in open(profile, encoding="utf-8", errors="replace"):
        match = re.match(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        called, kind, ident, name = match.groups()
        if name is not None:
            defined[kind][ident] = name
        if called:
            continue
        # A function line belongs to the object line before it.
        if kind == "ob":
            current = ident
        else:
            owner.setdefault(ident, current)
            order.append(ident)
    objects, names = defined["ob"], defined["fn"]
    result = []
    for ident in order:
        name = names.get(ident, "")
        if objects.get(owner.get(ident)) == binary and name and not name.startswith("0x"):
            # Callgrind marks recursion levels with a quote suffix.
            result.append(name.split("'")[0])
    return result


def main():
    # Absolute: the runs start in a temporary tree.
    binary, output = os.path.realpath(sys.argv[1]), sys.argv[2]
    with tempfile.TemporaryDirectory() as tree:
        os.makedirs(os.path.join(tree, "sub", "deeper"))
        for name in ["a", ".hidden", "sub/b", "sub/deeper/c"]:
            open(os.path.join(tree, name), "w").close()
        os.symlink("a", os.path.join(tree, "link"))
        seen, ordered = set(), []
        for arguments in RUNS:
            for name in functions_run(binary, arguments, tree):
                if name not in seen:
                    seen.add(name)
                    ordered.append(name)
    with open(output, "w", encoding="utf-8") as file:
        file.write("".join(name + "\n" for name in ordered))
    print(f"{len(ordered)} functions written to {output}")


if __name__ == "__main__":
    main()
