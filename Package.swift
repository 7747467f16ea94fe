// swift-tools-version:6.0
import PackageDescription

// Release builds leave out the run-time checks of exclusive access (the
// debug builds the tests use keep them): they cost a twentieth of a
// recursive walk's instructions, on class properties the walk reads for
// every directory.
let releaseSettings: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
  name: "lsrows",
  products: [
    .library(name: "RowCore", targets: ["RowCore"]),
    .executable(name: "lsrows", targets: ["lsrows"]),
  ],
  targets: [
    .target(name: "RowCore", swiftSettings: releaseSettings),
    // The Linux interfaces Swift's Glibc module leaves out, from the system's headers.
    .target(name: "CLinux"),
    .executableTarget(
      name: "lsrows", dependencies: ["RowCore", "CLinux"], swiftSettings: releaseSettings),
    .testTarget(name: "RowCoreTests", dependencies: ["RowCore"]),
    .testTarget(name: "lsrowsTests", dependencies: ["lsrows", "RowCore", "CLinux"]),
  ],
  swiftLanguageModes: [.v6]
)
