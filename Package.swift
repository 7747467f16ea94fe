// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "lsrows",
  products: [
    .library(name: "RowCore", targets: ["RowCore"]),
    .executable(name: "lsrows", targets: ["lsrows"]),
  ],
  targets: [
    .target(name: "RowCore"),
    .executableTarget(name: "lsrows", dependencies: ["RowCore"]),
    .testTarget(name: "RowCoreTests", dependencies: ["RowCore"]),
    .testTarget(name: "lsrowsTests", dependencies: ["lsrows", "RowCore"]),
  ],
  swiftLanguageModes: [.v6]
)
