/// Permission bits in octal, as `perms` shows them: `0644`, `755`, `4755`.
enum PermissionsLiteral {
  static let expected = "permissions in octal: 0644, 755, 4755"

  static func parse(_ text: [UInt8]) -> UInt32? {
    guard (1...5).contains(text.count), text.allSatisfy({ (0x30...0x37).contains($0) }) else {
      return nil
    }
    let value = text.reduce(UInt32(0)) { $0 * 8 + UInt32($1 - 0x30) }
    return value <= 0o7777 ? value : nil
  }
}
