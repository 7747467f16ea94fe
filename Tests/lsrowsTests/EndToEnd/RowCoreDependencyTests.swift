import Glibc
import Testing

/// RowCore used the way the README says: another package depends on lsrows
/// at a version tag and builds against its `RowCore` product.
///
/// The dependency is a git clone of these sources (as they are, committed
/// or not) tagged 1.0.0 and reached by a `file://` URL, so it works offline;
/// SwiftPM refuses a dependency whose product has unsafe build flags.
@Suite(.disabled(if: Programs.sanitizer != nil, "a package build, the same under any sanitizer"))
struct RowCoreDependencyTests {
  static let consumerManifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Consumer",
      dependencies: [.package(url: "file://LSROWS", from: "1.0.0")],
      targets: [
        .executableTarget(
          name: "Consumer", dependencies: [.product(name: "RowCore", package: "lsrows")])
      ]
    )
    """

  static let consumerMain = """
    import RowCore

    struct Collector: RowSink {
      var bytes: [UInt8] = []
      mutating func write(_ chunk: UnsafeRawBufferPointer) { bytes += chunk }
    }

    var writer = RowWriter(sink: Collector())
    writer.write(rows([1, 2, 3]) { cell, n in cell.append("Cell \\(n)") })
    writer.flush()
    print(String(decoding: writer.sink.bytes, as: UTF8.self), terminator: "")
    """

  @Test func aPackageBuildsAgainstATaggedClone() throws {
    let root = TemporaryDirectory()
    let repository = root.path + "/lsrows"
    // The sources as they are, tracked or new, without what is ignored.
    _ = runProcess("mkdir", [bytes("-p"), bytes(repository)])
    let copied = runProcess(
      "sh",
      [
        bytes("-c"),
        bytes(
          "cd \"$0\" && git ls-files -z -c -o --exclude-standard | "
            + "xargs -0 cp --parents -t \"$1\""),
        bytes(ShippingTests.root), bytes(repository),
      ])
    try #require(copied.exitStatus == 0, "\(copied)")
    let git = [
      "git -c init.defaultBranch=main init -q", "git add -A",
      "git -c user.name=t -c user.email=t@example.org commit -q -m sources",
      "git tag 1.0.0",
    ].joined(separator: " && ")
    let tagged = runProcess("sh", [bytes("-c"), bytes("cd \"$0\" && " + git), bytes(repository)])
    try #require(tagged.exitStatus == 0, "\(tagged)")

    let consumer = root.path + "/consumer"
    _ = runProcess("mkdir", [bytes("-p"), bytes(consumer + "/Sources/Consumer")])
    writeFile(
      consumer + "/Package.swift",
      bytes(Self.consumerManifest.replacingOccurrences(of: "LSROWS", with: repository)))
    writeFile(consumer + "/Sources/Consumer/main.swift", bytes(Self.consumerMain))
    let built = runProcess(
      "swift", [bytes("build"), bytes("--package-path"), bytes(consumer)],
      environment: ["SWIFTPM_TESTS_MODULECACHE": nil])
    try #require(built.exitStatus == 0, "\(built)")
    #expect(!built.outputText.contains("unsafe build flags"))
    let ran = runProcess(consumer + "/.build/debug/Consumer", [])
    #expect(ran.exitStatus == 0)
    #expect(ran.outputText == "Cell 1\nCell 2\nCell 3\n")
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
