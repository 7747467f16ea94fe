// swift-tools-version:6.0
import PackageDescription

// The lsrows executable's release build leaves out the run-time checks of
// exclusive access (debug builds keep them): on the class properties the
// walk reads for every directory and row, they are a large share of a
// recursive walk's instructions. RowCore keeps them: its hot code is
// inlined into lsrows, where the flag applies, and a package that depends
// on RowCore may not use unsafe flags.
let executableReleaseSettings: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
  name: "lsrows",
  products: [
    .library(name: "RowCore", targets: ["RowCore"]),
    .executable(name: "lsrows", targets: ["lsrows"]),
  ],
  targets: [
    .target(name: "RowCore"),
    // The Linux interfaces Swift's Glibc module leaves out, from the system's headers.
    .target(name: "CLinux"),
    .executableTarget(
      name: "lsrows", dependencies: ["RowCore", "CLinux"], swiftSettings: executableReleaseSettings),
    .testTarget(name: "RowCoreTests", dependencies: ["RowCore"]),
    .testTarget(name: "lsrowsTests", dependencies: ["lsrows", "RowCore", "CLinux"]),
  ],
  swiftLanguageModes: [.v6]
)
