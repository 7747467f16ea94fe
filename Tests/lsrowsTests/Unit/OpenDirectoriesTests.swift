import Testing

@testable import lsrows

@Suite struct OpenDirectoriesTests {
  func identity(_ inode: UInt64) -> DirectoryIdentity {
    DirectoryIdentity(device: 1, inode: inode)
  }

  func frame(_ inode: UInt64) -> WalkFrame {
    WalkFrame(
      identity: identity(inode), name: [], relativeLength: 0, depth: 1, id: .operands,
      location: .operands)
  }

  /// The path of a subtree walk: `outside` directories above it, then
  /// `frames` of its own, from 1000 on.
  func directories(outside: Int, frames: Int) -> OpenDirectories {
    let directories = OpenDirectories(
      budget: 8, followsSymlinks: false, outside: (1...UInt64(outside)).map(identity))
    for inode in 0..<UInt64(frames) { directories.push(frame(1000 + inode)) }
    return directories
  }

  @Test(arguments: [1, 3, 64, 65, 300])
  func everyDirectoryAboveIsOnThePath(outside: Int) {
    let directories = directories(outside: outside, frames: 2)
    for inode in 1...UInt64(outside) { #expect(directories.contains(identity(inode))) }
    #expect(!directories.contains(identity(UInt64(outside) + 1)))
    #expect(!directories.contains(DirectoryIdentity(device: 2, inode: 1)))
  }

  @Test(arguments: [1, 64, 65, 200])
  func everyFrameIsOnThePathUntilPopped(frames: Int) {
    let directories = directories(outside: 2, frames: frames)
    for inode in 0..<UInt64(frames) { #expect(directories.contains(identity(1000 + inode))) }
    directories.pop { _ in false }
    #expect(!directories.contains(identity(1000 + UInt64(frames) - 1)))
    #expect(!directories.contains(identity(999)))
  }
}
