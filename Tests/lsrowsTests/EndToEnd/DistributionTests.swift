import Glibc
import Testing

@testable import lsrows

/// The binary and packages that run where lsrows was not built: the Swift
/// runtime linked in, a tarball laid out as under PREFIX, a .deb that
/// installs and removes cleanly.
///
/// `make test` runs these against the release binary; a debug build
/// (`swift test` alone) loads the runtime from the toolchain, so the tests
/// that need a self-contained binary say so and do not run.
@Suite(.serialized) struct DistributionTests {
  /// The toolchain's directory (`…/usr` of the `swift` on PATH).
  static let toolchain: String? = {
    let found = runProcess(
      "sh", [bytes("-c"), bytes("readlink -f \"$(command -v swift)\"")]
    ).outputText.withoutTrailingNewlines
    // swift is a link to swift-driver, in the toolchain's bin/.
    guard let bin = found.ranges(of: "/bin/").last else { return nil }
    return String(found[..<bin.lowerBound])
  }()

  /// Whether the lsrows under test loads nothing from the toolchain.
  static let isSelfContained: Bool = {
    let linked = runProcess("ldd", [bytes(Programs.lsrows)])
    guard linked.exitStatus == 0, let toolchain else { return false }
    return !linked.outputText.contains(toolchain) && !linked.outputText.contains("libswift")
  }()

  static let root = ShippingTests.root

  @Test(.enabled(if: isSelfContained, "a debug build loads the Swift runtime from the toolchain"))
  func linksOnlyTheSystemCLibraries() {
    let dynamic = runProcess("readelf", [bytes("-d"), bytes(Programs.lsrows)]).outputText
    var needed: [String] = []
    for line in dynamic.split(separator: "\n") where line.contains("(NEEDED)") {
      if let start = line.firstIndex(of: "["), let end = line.lastIndex(of: "]") {
        needed.append(String(line[line.index(after: start)..<end]))
      }
    }
    let system = ["libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"]
    #expect(!needed.isEmpty)
    #expect(needed.allSatisfy { system.contains($0) || $0.hasPrefix("ld-linux") }, "\(needed)")
    #expect(!dynamic.contains("RUNPATH") && !dynamic.contains("RPATH"), "\(dynamic)")
  }

  /// The listing checks, with an empty file system mounted over the
  /// toolchain: what runs there cannot be using it.
  @Test(.enabled(if: isSelfContained && getuid() == 0, "needs root and the release binary"))
  func listsWithTheToolchainOutOfSight() throws {
    let toolchain = try #require(Self.toolchain)
    let hide = [
      "unshare", "--mount", "sh", "-c", "mount -t tmpfs none \"$0\" && exec \"$@\"", toolchain,
    ]
    let swift = runProcess(hide[0], (hide.dropFirst() + ["swift", "--version"]).map(bytes))
    #expect(swift.exitStatus != 0, "the toolchain is still in sight: \(swift)")
    let fixture = TemporaryDirectory.lsOptions()
    var comparison = LsComparison()
    comparison.lsrowsWrapper = hide
    for (group, lines) in LsOptionTests.groups {
      for options in lines {
        let (flags, operands) = LsOptionTests.split(options)
        if let difference = comparison.differences(
          options: flags, operands: operands, in: fixture.path + "/top")
        {
          Issue.record(Comment(rawValue: "\(group): \(difference)"))
        }
      }
    }
    for options in [["--json"], ["--csv", "-R"], ["--format={path}\t{size:h}\t{mtime:%F}"]] {
      let inside = runProcess(
        "env",
        [bytes("-C"), bytes(fixture.path + "/top")]
          + (hide + [Programs.lsrows] + options).map(bytes),
        environment: Programs.cLocale)
      let outside = lsrows(options.map(bytes), in: fixture.path + "/top")
      #expect(inside.exitStatus == 0)
      #expect(inside.standardOutput == outside.standardOutput, "\(options)")
    }
  }

  /// Runs packaging/dist.sh on the binary under test into `out`.
  func makeDist(into out: String) -> ProcessResult {
    runProcess(
      Self.root + "/packaging/dist.sh", [bytes(Programs.lsrows), bytes(out)],
      environment: Programs.cLocale)
  }

  @Test(
    .enabled(if: isSelfContained, "only the release binary is packaged"),
    .enabled(if: access("/usr/bin/dpkg-shlibdeps", X_OK) == 0, "dpkg-dev is not installed"))
  func tarballUnpacksIntoADestinationAndWorks() throws {
    let scratch = TemporaryDirectory()
    let made = makeDist(into: scratch.path + "/dist")
    try #require(made.exitStatus == 0, "\(made)")
    let name = "lsrows-\(lsrowsVersion)-linux-\(Self.machine)"
    let sums = runProcess(
      "env",
      [
        bytes("-C"), bytes(scratch.path + "/dist"), bytes("sha256sum"), bytes("-c"),
        bytes("SHA256SUMS"),
      ])
    #expect(sums.exitStatus == 0, "\(sums)")
    #expect(sums.outputText.split(separator: "\n").count == 2)

    let listing = runProcess(
      "tar", [bytes("-tzf"), bytes(scratch.path + "/dist/\(name).tar.gz")]
    ).outputText.split(separator: "\n").filter { !$0.hasSuffix("/") }.map(String.init).sorted()
    #expect(
      listing
        == [
          "bin/lsrows", "share/bash-completion/completions/lsrows", "share/doc/lsrows/CHANGELOG.md",
          "share/doc/lsrows/LICENSE", "share/doc/lsrows/README.md",
          "share/fish/vendor_completions.d/lsrows.fish", "share/man/man1/lsrows.1",
          "share/zsh/site-functions/_lsrows",
        ].map { "\(name)/\($0)" })

    let destination = scratch.path + "/destination"
    _ = runProcess("mkdir", [bytes(destination)])
    let unpacked = runProcess(
      "tar",
      [
        bytes("-xzf"), bytes(scratch.path + "/dist/\(name).tar.gz"), bytes("-C"),
        bytes(destination), bytes("--strip-components=1"),
      ])
    try #require(unpacked.exitStatus == 0, "\(unpacked)")
    let binary = destination + "/bin/lsrows"
    #expect(runProcess(binary, [bytes("--version")]).outputText == "lsrows \(lsrowsVersion)\n")
    let fixture = TemporaryDirectory.lsOptions()
    var comparison = LsComparison()
    comparison.lsrowsBinary = binary
    for options in [["-l"], ["-a", "-F"], ["-R", "-s"], ["--full-time", "-L"]] {
      #expect(comparison.differences(options: options, in: fixture.path + "/top") == nil)
    }
    if access("/usr/bin/man", X_OK) == 0 {
      let page = runProcess(
        "man", [bytes("-l"), bytes(destination + "/share/man/man1/lsrows.1")],
        environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
      #expect(page.exitStatus == 0, "\(page)")
      #expect(page.outputText.contains("COMPATIBILITY WITH LS"))
    }
    let completion = runProcess(
      "bash",
      [
        bytes("-c"),
        bytes(
          "source \"$1\"; COMP_WORDS=(lsrows --time-st); COMP_CWORD=1; _lsrows; echo \"${COMPREPLY[@]}\""
        ), bytes("bash"), bytes(destination + "/share/bash-completion/completions/lsrows"),
      ])
    #expect(completion.outputText == "--time-style=\n")
  }

  static let machine = runProcess("uname", [bytes("-m")]).outputText.withoutTrailingNewlines

  /// The .deb: its metadata and files, lintian, and an install and removal
  /// that leave the machine as it was, even when a check fails.
  @Test(
    .enabled(if: isSelfContained, "only the release binary is packaged"),
    .enabled(
      if: getuid() == 0 && access("/usr/bin/dpkg-shlibdeps", X_OK) == 0
        && runProcess("dpkg", [bytes("-s"), bytes("lsrows")]).exitStatus != 0,
      "needs root, dpkg-dev, and no lsrows package installed already"))
  func debianPackageInstallsAndRemovesCleanly() throws {
    let scratch = TemporaryDirectory()
    let made = makeDist(into: scratch.path + "/dist")
    try #require(made.exitStatus == 0, "\(made)")
    let architecture = runProcess("dpkg", [bytes("--print-architecture")]).outputText
      .withoutTrailingNewlines
    let package = scratch.path + "/dist/lsrows_\(lsrowsVersion)_\(architecture).deb"

    let info = runProcess("dpkg-deb", [bytes("--info"), bytes(package)]).outputText
    #expect(info.contains(" Package: lsrows\n"))
    #expect(info.contains(" Version: \(lsrowsVersion)\n"))
    #expect(info.contains(" Architecture: \(architecture)\n"))
    #expect(info.contains(" Depends: libc6 (>= "), "\(info)")
    #expect(!info.contains("libswift"))
    let contents = runProcess("dpkg-deb", [bytes("--contents"), bytes(package)]).outputText
    for path in [
      "./usr/bin/lsrows", "./usr/share/man/man1/lsrows.1.gz",
      "./usr/share/bash-completion/completions/lsrows",
      "./usr/share/zsh/vendor-completions/_lsrows",
      "./usr/share/fish/vendor_completions.d/lsrows.fish", "./usr/share/doc/lsrows/copyright",
    ] {
      #expect(contents.contains(" \(path)\n"), "\(path) in \(contents)")
    }
    #expect(!contents.contains(" ./usr/local"))

    if access("/usr/bin/lintian", X_OK) == 0 {
      let lint = runProcess("lintian", [bytes(package)])
      let errors = lint.outputText.split(separator: "\n").filter { $0.hasPrefix("E:") }
      #expect(errors.isEmpty && lint.exitStatus == 0, "\(lint)")
    } else {
      // A warning, as where other tools are missing their tests are
      // skipped: the rest of the package is still checked.
      Issue.record("lintian is not installed; .ci/run installs it", severity: .warning)
    }

    defer { _ = runProcess("dpkg", [bytes("-r"), bytes("lsrows")]) }
    let installed = runProcess("dpkg", [bytes("-i"), bytes(package)])
    try #require(installed.exitStatus == 0, "\(installed)")
    #expect(
      runProcess("/usr/bin/lsrows", [bytes("--version")]).outputText == "lsrows \(lsrowsVersion)\n")
    #expect(access("/usr/share/man/man1/lsrows.1.gz", R_OK) == 0)
    let removed = runProcess("dpkg", [bytes("-r"), bytes("lsrows")])
    #expect(removed.exitStatus == 0, "\(removed)")
    #expect(access("/usr/bin/lsrows", F_OK) != 0)
    #expect(access("/usr/share/man/man1/lsrows.1.gz", F_OK) != 0)
    #expect(runProcess("dpkg", [bytes("-s"), bytes("lsrows")]).exitStatus != 0)
  }
}

extension String {
  /// The text without the newlines a command's output ends with.
  fileprivate var withoutTrailingNewlines: String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
