/// The text of `--help` and `--version`.
enum Usage {
  static let help = options + fields + exitStatus

  private static let options = """
    Usage: lsrows [OPTION]... [PATH]...
    List the entries of each PATH (the current directory by default), one row
    per line, with names written byte for byte and sorted byte-wise. The options
    of GNU ls mean what they mean in ls -1.

    Which entries:
      -a, --all                  include entries starting with '.', and '.' and '..'
      -A, --almost-all           include entries starting with '.', but not '.' or '..'
      -d, --directory            list directories themselves, not their contents
      -I, --ignore=PATTERN       leave out entries whose name matches the shell
                                   PATTERN (repeatable)
          --hide=PATTERN         leave out entries matching PATTERN, unless -a or
                                   -A (repeatable)
      -B, --ignore-backups       leave out entries ending with ~
      -f                         -a and -U, and no -l, -s, colors or hyperlinks
          --type=LIST            keep only these kinds, a comma-separated list of
                                   f (file), d (dir), l (symlink), p (fifo),
                                   s (socket), b (block device), c (char device)
          --files0-from=FILE     list the NUL-terminated paths in FILE (- is
                                   standard input), each as itself
      -R, --recursive            list the entries below directories too, each row
                                   a path relative to its PATH
          --max-depth=N          list N levels below each directory (1 is its own
                                   entries; 0 the directory itself); implies -R
          --min-depth=N          list no row less deep than N (an operand is 0)
          --prune=GLOB           with -R, leave out directories whose name matches
                                   GLOB, and what is below them (repeatable); a
                                   GLOB with a / matches the path below the PATH
                                   (src/generated, '**/build/cache')
          --prune-where=EXPR     with -R, leave out directories for which EXPR
                                   (as --where) holds, and what is below them
          --one-file-system      with -R, list directories on other file systems
                                   but do not enter them
          --gitignore            leave out what git ignores, by git's rules
                                   (.gitignore files, info/exclude,
                                   core.excludesFile), and .git; an ignored
                                   directory is not entered
          --where=EXPR           list only rows for which EXPR holds (repeatable):
                                   comparisons FIELD OP VALUE joined by and, or,
                                   not and parentheses; OP is == != < <= > >=,
                                   ~ !~ for a glob, or =~ for a POSIX extended
                                   regular expression; lower(FIELD) is a text
                                   field with ASCII letters lowered; VALUE is
                                   typed by the field: size > 1.5M, mtime > -7d,
                                   type == dir, perms == 0755,
                                   path ~ 'src/**/*.c', name =~ '\\.h$',
                                   lower(name) ~ '*.jpg', entries == 0
      -L, --dereference          show and sort what symbolic links point to, and
                                   follow them into directories
      -H, --dereference-command-line
                                 follow symbolic links named as PATHs
          --dereference-command-line-symlink-to-dir
                                 follow PATHs that are links to directories (the
                                   default unless -d, -F or -l)

    Order (ties are broken by name):
      -r, --reverse              reverse the order
          --sort=WORD            name (the default), none, size, time, extension,
                                   version, width
      -S                         sort by size, largest first
      -t                         sort by time, newest first (see --time)
      -X                         sort by extension
      -v                         natural sort of numbers within names
      -U                         do not sort; list entries in directory order
          --sort-by=FIELD[,FIELD]...
                                 sort by fields, each ascending unless written
                                   -FIELD (--sort-by=type,-size); ties by name;
                                   with -R, every row below a PATH in one order,
                                   ties by path (-S, -t, -X, -v and --sort sort
                                   each directory on its own, as ls -R)
          --group-directories-first
                                 list directories before files
          --limit=N              list the first N rows only (N in all); with -R
                                   and --sort-by, the first N of the whole tree,
                                   holding N rows at a time; else the walk stops
                                   after N rows
          --sort-memory=SIZE     past SIZE (16M by default; K, M, G), a whole-tree
                                   order writes sorted runs to private temporary
                                   files in $TMPDIR (else /tmp) and merges them

    What each row shows:
      -l                         ls -l columns, times in its long-iso style, no total
      -g                         like -l, without the owner
      -o                         like -l, without the group
      -G, --no-group             with -l, no group
      -n, --numeric-uid-gid      like -l, with numeric user and group IDs
          --author               with -l, the author (the owner, on Linux)
      -i, --inode                the inode number before each name
      -s, --size                 the allocated size, in blocks, before each name
      -Z, --context              the security context before each name (? where
                                   there is none)
      -h, --human-readable       sizes like 1.1K 234M 2.0G (-l and -s)
          --si                   likewise, in powers of 1000
          --block-size=SIZE      scale sizes by SIZE (K, 1M, KB, KiB, human-readable,
                                   si); also BLOCK_SIZE and LS_BLOCK_SIZE
      -k, --kibibytes            blocks of 1024 bytes for -s
      -c                         ctime: shown by -l, sorted by with -t (alone,
                                   sorts by it)
      -u                         atime, likewise
          --time=WORD            the time -l shows and -t sorts by: atime (access,
                                   use), ctime (status), birth (creation), or
                                   mtime (modification, the default)
          --time-style=STYLE     with -l: long-iso (the default), full-iso, iso,
                                   locale, or +FORMAT (+OLD<newline>RECENT for
                                   both of ls's formats); also TIME_STYLE
          --full-time            like -l --time-style=full-iso
      -F, --classify[=WHEN]      append an indicator (one of */=@|); WHEN is
                                   always (the default), auto or never
          --file-type            likewise, except *
      -p                         append / to directories
          --indicator-style=WORD none, slash (-p), file-type, classify (-F)
          --hyperlink[=WHEN]     link names to their files (OSC 8); WHEN is
                                   always (the default), auto or never
          --format=TEMPLATE      each row from TEMPLATE: text with {FIELD}s (below),
                                   escapes \\t \\n \\0 \\\\, and {{ }} for braces;
                                   a field may take a format: {mtime:%F %T} (as
                                   date +FORMAT), {size:h} or {size:si} (sizes as
                                   ls -h shows them, in powers of 1024 or 1000),
                                   {path:shell}, {name:c}, {name:json}; ls's words
                                   long, verbose and single-column mean what they
                                   mean in ls
          --json                 each row a JSON object (JSON Lines)
          --csv                  each row a CSV record, after a header line
          --fields=LIST          the keys of --json and --csv, in this order:
                                   field names, comma-separated
      -0, --null, --zero         end each row with NUL, not newline, and write
                                   names as they are, without colors
      -1                         one row per line (always so; accepted for ls habits)
      -T, --tabsize=COLS         accepted for ls habits; rows have no tabs
      -w, --width=COLS           accepted for ls habits; rows are never wrapped

    How names look (on a terminal as ls shows them; in a pipe byte for byte):
          --quoting-style=WORD   literal, locale, shell, shell-always, shell-escape,
                                   shell-escape-always, c, c-maybe, escape, clocale
                                   (overrides the QUOTING_STYLE variable)
      -N, --literal              print names without quoting
      -b, --escape               C-style escapes for unprintable bytes
      -Q, --quote-name           enclose names in double quotes
      -q, --hide-control-chars   print ? for unprintable bytes
          --show-control-chars   print unprintable bytes as they are
          --color[=WHEN]         color names by kind and LS_COLORS; WHEN is always
                                   (the default), auto or never; NO_COLOR turns
                                   auto off

    Refused, since lsrows writes one row per line (use ls for them):
      -C, -x, -m, --format=across|commas|horizontal|vertical, -D (--dired)

          --help                 display this help and exit
          --version              output version information and exit


    """

  /// Every field, from the one list, with its summary.
  private static let fields: String = {
    let names = Field.allCases.map { "  {\($0.rawValue)}" }
    let width = names.map(\.count).max()! + 2
    let lines = zip(names, Field.allCases).map { name, field in
      name + String(repeating: " ", count: width - name.count) + field.summary
    }
    let unrecorded = Field.allCases.filter { !$0.isRecorded }.map(\.rawValue)
    return "Fields of --format, --json and --csv:\n" + lines.joined(separator: "\n")
      + "\n--json and --csv carry every field but \(unrecorded.joined(separator: ", "))"
      + " unless --fields names them.\n\n"
  }()

  private static let exitStatus = """
    A PATH that is not a directory is listed as given. With more than one PATH,
    each row of a directory is prefixed with the PATH and a slash.

    Exit status:
     0  if OK,
     1  if minor problems (e.g., an entry vanished while listed, or an invalid
          option argument),
     2  if serious trouble (e.g., cannot access a PATH, unknown option, write error).

    """

  static let version = """
    lsrows \(lsrowsVersion)

    """
}
