import Glibc
import Testing

@testable import lsrows

/// What ``ExtendedAttributes`` reads for ls's `+`, asked both ways: by the
/// name in the open directory (`listxattrat`, where the kernel has it) and
/// by the path from the working directory, which older kernels need.
@Suite struct ExtendedAttributesTests {
  /// Whether each name, as `kind`, has an ACL, asked one way.
  func marks(
    _ root: TemporaryDirectory, _ names: [(String, FileKind)], followsSymlink: Bool,
    fromDirectory: Bool
  ) -> [Bool] {
    let directory = FileDescriptor(rawValue: open(root.path, O_RDONLY | O_DIRECTORY))
    defer { _ = close(directory.rawValue) }
    var path = ACLPath(directory: directory, pathPrefix: bytes(root.path + "/"))
    return names.map { name, kind in
      withCPath(bytes(name)) { name in
        ExtendedAttributes.read(
          name, length: strlen(name), from: &path, followsSymlink: followsSymlink, kind: kind,
          readsContext: false, device: nil, fromDirectory: fromDirectory
        ).hasAccessControlList
      }
    }
  }

  @Test func theNameInItsDirectoryAndThePathAgree() {
    let root = TemporaryDirectory()
    root.file("plain")
    root.file("with-acl")
    root.addAccessControlList("with-acl")
    root.directory("directory")
    root.addAccessControlList("directory")
    root.symlink("link", to: "with-acl")
    // More names than the first list's buffer holds (1,024 bytes): the
    // ACL is then asked for by name.
    root.file("many")
    for number in 0..<40 {
      root.setAttribute("many", "user.a-long-attribute-name-\(number)", [1])
    }
    root.addAccessControlList("many")
    let names: [(String, FileKind)] = [
      ("plain", .regularFile), ("with-acl", .regularFile), ("directory", .directory),
      ("link", .symbolicLink), ("many", .regularFile),
    ]
    let expected = [false, true, true, false, true]
    #expect(marks(root, names, followsSymlink: false, fromDirectory: false) == expected)
    let followed = [false, true, true, true, true]
    let asLink: [(String, FileKind)] = names.map {
      ($0.0, $0.1 == .symbolicLink ? .regularFile : $0.1)
    }
    #expect(marks(root, asLink, followsSymlink: true, fromDirectory: false) == followed)
    guard ExtendedAttributes.listsFromDirectory else { return }
    #expect(marks(root, names, followsSymlink: false, fromDirectory: true) == expected)
    #expect(marks(root, asLink, followsSymlink: true, fromDirectory: true) == followed)
  }
}
