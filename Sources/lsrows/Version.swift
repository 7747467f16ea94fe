/// The version `--version` prints; the one place it is written.
let lsrowsVersion = "0.2.0"
