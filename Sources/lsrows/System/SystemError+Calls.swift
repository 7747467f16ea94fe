/// One factory per call, so that every failure of a call is worded alike.
extension SystemError {
  static func status(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .status, path: path, errno: errno)
  }

  static func openDirectory(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .openDirectory, path: path, errno: errno)
  }

  static func readDirectory(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .readDirectory, path: path, errno: errno)
  }

  static func readLink(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .readLink, path: path, errno: errno)
  }

  static func openForReading(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .openForReading, path: path, errno: errno)
  }

  static func read(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .read, path: path, errno: errno)
  }

  static func write(_ errno: Errno) -> SystemError {
    SystemError(call: .write, path: [], errno: errno)
  }
}
