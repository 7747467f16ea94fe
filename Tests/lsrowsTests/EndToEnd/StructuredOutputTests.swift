import Glibc
import Testing

/// --json and --csv, read back by Python's json and csv modules and checked
/// field by field against lstat, readlink and the exact bytes of names.
@Suite struct StructuredOutputTests {
  /// A Python check run on lsrows's output (standard input); prints "ok"
  /// or what differs.
  static let checker = """
    import base64, csv, grp, json, os, pwd, stat, sys
    from datetime import datetime, timezone

    def rfc3339(ns):
        seconds, nanos = divmod(ns, 1_000_000_000)
        return datetime.fromtimestamp(seconds, timezone.utc).strftime('%Y-%m-%dT%H:%M:%S') + '.%09dZ' % nanos

    def kind(mode):
        for test, word in [(stat.S_ISREG, 'file'), (stat.S_ISDIR, 'dir'), (stat.S_ISLNK, 'symlink'),
                           (stat.S_ISFIFO, 'fifo'), (stat.S_ISSOCK, 'socket'), (stat.S_ISBLK, 'block'),
                           (stat.S_ISCHR, 'char')]:
            if test(mode): return word

    def exact(row, key):
        if row.get(key + '_base64'):
            return base64.b64decode(row[key + '_base64'])
        return row[key].encode('utf-8')

    def expected(path, depth):
        st = os.lstat(path)
        fields = {
            'name': os.path.basename(path.rstrip(b'/')) or path, 'path': path, 'type': kind(st.st_mode),
            'size': st.st_size, 'mode': stat.filemode(st.st_mode), 'perms': '%04o' % stat.S_IMODE(st.st_mode),
            'links': st.st_nlink, 'uid': st.st_uid, 'gid': st.st_gid,
            'user': pwd.getpwuid(st.st_uid).pw_name, 'group': grp.getgrgid(st.st_gid).gr_name,
            'mtime': rfc3339(st.st_mtime_ns), 'atime': rfc3339(st.st_atime_ns), 'ctime': rfc3339(st.st_ctime_ns),
            'inode': st.st_ino, 'depth': depth,
        }
        if stat.S_ISLNK(st.st_mode):
            fields['target'] = os.readlink(path)
        if stat.S_ISLNK(st.st_mode) or stat.S_ISDIR(st.st_mode):
            # Listing reads directories and links, which (under relatime)
            # may move their access time after lsrows reported it.
            del fields['atime']
        return fields

    def compare(rows):
        problems = []
        for row in rows:
            path = exact(row, 'path')
            want = expected(path, int(row['depth']))
            for key, value in want.items():
                if key in ('name', 'path', 'target'):
                    got = exact(row, key)
                    value = value if isinstance(value, bytes) else value
                elif isinstance(value, int):
                    got = int(row[key])
                else:
                    got = row[key]
                if got != value:
                    problems.append((path, key, got, value))
            if 'target' not in want and row.get('target'):
                problems.append((path, 'target', row['target'], None))
        return problems

    mode = sys.argv[1]
    data = sys.stdin.buffer.read()
    if mode == 'json':
        rows = [json.loads(line) for line in data.decode('utf-8').split('\\n') if line]
        keys = [list(row) for row in rows]
        order = ['name', 'path', 'type', 'size', 'mode', 'perms', 'links', 'uid', 'gid', 'user', 'group',
                 'mtime', 'atime', 'ctime', 'inode', 'target', 'depth', 'btime', 'blocks', 'dev',
                 'parent', 'stem']
        for row in rows:
            plain = [k for k in row if not k.endswith('_base64')]
            if plain != [k for k in order if k in row]:
                print('bad key order', list(row)); sys.exit(1)
    else:
        text = data.decode('utf-8')
        reader = list(csv.reader(text.splitlines(True) and __import__('io').StringIO(text, newline='')))
        header, body = reader[0], reader[1:]
        rows = [dict(zip(header, record)) for record in body]
        for row in rows:
            if not row['target']: del row['target']
    problems = compare(rows)
    if problems:
        print(problems[:5]); sys.exit(1)
    print('ok', len(rows))
    """

  func check(_ format: String, _ arguments: [[UInt8]], in root: TemporaryDirectory) -> String {
    let result = lsrows([bytes("--" + format)] + arguments, in: root.path)
    #expect(result.exitStatus == 0, "\(result.errorText)")
    let checked = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("python3"), bytes("-c"), bytes(Self.checker),
        bytes(format),
      ],
      input: result.standardOutput)
    #expect(checked.exitStatus == 0, "\(checked)")
    return checked.outputText
  }

  @Test(arguments: ["json", "csv"])
  func everyRowMatchesLstatAndTheExactBytes(format: String) {
    let root = TemporaryDirectory.weird()
    root.symlink(bytes("tree/link-") + [0xFF], to: [0x74, 0xFE])
    let output = check(format, [bytes("-A"), bytes("tree")], in: root)
    let count = splitRows(
      lsrows([bytes("-0A"), bytes("tree")], in: root.path).standardOutput, terminator: 0
    ).count
    #expect(output == "ok \(count)\n")
    #expect(count > 20)
  }

  @Test(arguments: ["json", "csv"])
  func recursiveAndSeveralOperands(format: String) {
    let root = TemporaryDirectory.nested()
    let output = check(format, [bytes("-RA"), bytes("top"), bytes("top/file0")], in: root)
    #expect(output.hasPrefix("ok "))
  }

  @Test func invalidUTF8GetsOneReplacementPerByteAndBase64() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.file([0x64, 0x2F, 0x61, 0xFF, 0xE2, 0x82, 0x62])  // "a", 0xFF, a cut-off "€", "b"
    let result = lsrows("--json", "d", in: root.path)
    #expect(
      result.outputText.contains(
        #""name":"a\#u{FFFD}\#u{FFFD}\#u{FFFD}b","name_base64":"Yf/igmI=""#))
  }

  @Test func controlCharactersAreEscaped() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.file(bytes("d/a\u{1B}\u{7F}\t\"\\"))
    let result = lsrows("--json", "d", in: root.path)
    #expect(result.outputText.contains(#""name":"a\u001b\u007f\t\"\\""#))
  }

  @Test func csvQuotesFieldsThatNeedIt() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.file("d/plain")
    root.file("d/comma,quote\"")
    let result = lsrows("--csv", "--type=f", "d", in: root.path)
    let lines = result.outputText.split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("name,name_base64,path,path_base64,type,size,") == true)
    #expect(lines[1].hasPrefix("\"comma,quote\"\"\",,\"d/comma,quote\"\"\",,file,0,"))
    #expect(lines[2].hasPrefix("plain,,d/plain,,file,0,"))
    #expect(result.outputText.hasSuffix("\r\n"))
  }

  @Test func formatAndJSONCannotBeCombined() {
    for words in [
      ["--json", "--format", "{name}"], ["--csv", "--json"], ["--format={name}", "--csv"],
    ] {
      let result = lsrows(words.map(bytes))
      #expect(result.exitStatus == 2)
      #expect(result.errorText.hasPrefix("lsrows: options '--"))
      #expect(
        result.errorText.contains(
          "cannot be used together\nTry 'lsrows --help' for more information.\n"))
    }
    let nul = lsrows("--csv", "-0")
    #expect(nul.exitStatus == 2)
    #expect(
      nul.errorText.hasPrefix("lsrows: options '--csv' and '--null' cannot be used together\n"))
  }

  @Test func aVanishedEntryHasNullsAndItsErrorGoesToStandardError() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.file("d/\(FaultInjection.marker)")
    root.file("d/kept")
    let result = lsrows(
      [bytes("--json"), bytes("d")], in: root.path,
      environment: ["LD_PRELOAD": FaultInjection.library])
    #expect(result.exitStatus == 1)
    #expect(result.outputText.contains(#""type":"file","size":null,"mode":null"#))
    #expect(
      result.errorText
        == "lsrows: cannot access 'd/\(FaultInjection.marker)': No such file or directory\n")
  }

  /// `--fields`: the keys and columns, in the order named, the Base64 twins
  /// still after text fields; fields records leave out by default when
  /// named; mistakes refused before anything is listed.
  @Test func fieldsChooseTheKeysInOrder() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.directory("d/sub")
    root.file("d/sub/x")
    root.file(bytes("d/caf") + [0xE9])
    let json = lsrows(
      "--json", "--fields=entries,name,ext", root.path + "/d")
    #expect(json.exitStatus == 0)
    #expect(
      json.outputText
        == "{\"name\":\"caf\u{FFFD}\",\"name_base64\":\"Y2Fm6Q==\",\"ext\":\"\"}\n"
        + "{\"entries\":1,\"name\":\"sub\",\"ext\":\"\"}\n")
    let csv = lsrows("--csv", "--fields=path,entries", "d", in: root.path)
    #expect(
      csv.outputText == "path,path_base64,entries\r\nd/caf\u{FFFD},ZC9jYWbp,\r\nd/sub,,1\r\n")
    for (arguments, message) in [
      (["--json", "--fields=name,nme"], "unknown field 'nme' at character 6"),
      (["--csv", "--fields=size,,name"], "an empty field at character 6"),
      (["--json", "--fields=size,size"], "'size' is named twice at character 6"),
    ] {
      let result = lsrows(arguments.map(bytes) + [bytes(root.path)])
      #expect(result.exitStatus == 1, "\(arguments)")
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.errorText.split(separator: "\n").first?.hasSuffix(message) == true, "\(result)")
    }
    // Alone, or when a later option chose other rows than records.
    for arguments in [["--fields=name"], ["--json", "--fields=name", "-l"]] {
      let result = lsrows(arguments.map(bytes) + [bytes(root.path)])
      #expect(result.exitStatus == 2, "\(arguments)")
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.errorText.hasPrefix(
          "lsrows: option '--fields' applies only with --json or --csv\n"), "\(arguments)")
    }
  }
}
