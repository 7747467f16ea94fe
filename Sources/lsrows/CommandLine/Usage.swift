/// The text of `--help` and `--version`.
enum Usage {
  static let help = """
    Usage: lsrows [OPTION]... [PATH]...
    List the entries of each PATH (the current directory by default), one row
    per line, with names written byte for byte and sorted byte-wise.

      -a, --all                  include entries starting with '.', and '.' and '..'
      -A, --almost-all           include entries starting with '.', but not '.' or '..'
      -d, --directory            list directories themselves, not their contents
      -r, --reverse              reverse the order of the sort
          --sort=WORD            sort by WORD: name (the default) or none
      -U                         do not sort; list entries in directory order
      -0, --null, --zero         end each row with NUL, not newline
      -1                         one row per line (always so; accepted for ls habits)
          --help                 display this help and exit
          --version              output version information and exit

    A PATH that is not a directory is listed as given. With more than one PATH,
    each row of a directory is prefixed with the PATH and a slash.

    Exit status:
     0  if OK,
     1  if minor problems (e.g., an invalid option argument),
     2  if serious trouble (e.g., cannot access a PATH, unknown option, write error).

    """

  static let version = """
    lsrows \(lsrowsVersion)

    """
}
