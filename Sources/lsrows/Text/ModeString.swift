/// The ten characters of `ls -l`'s mode column, as gnulib's filemodestring.
///
/// `-rwsr-x--T`: the file type, then read, write and execute for owner,
/// group and others, with set-user-ID, set-group-ID and sticky shown in the
/// execute places (lowercase when the execute bit is also set).
func appendModeString(_ mode: FileMode, to output: inout [UInt8]) {
  output.append(typeLetter(mode.kind))
  func permission(_ bit: FilePermissions, _ letter: Unicode.Scalar) -> UInt8 {
    mode.has(bit) ? UInt8(ascii: letter) : UInt8(ascii: "-")
  }
  func execute(
    _ bit: FilePermissions, special: FilePermissions, set: Unicode.Scalar, unset: Unicode.Scalar
  ) -> UInt8 {
    let executable = mode.has(bit)
    if mode.has(special) { return UInt8(ascii: executable ? set : unset) }
    return executable ? UInt8(ascii: "x") : UInt8(ascii: "-")
  }
  output.append(permission(.ownerRead, "r"))
  output.append(permission(.ownerWrite, "w"))
  output.append(execute(.ownerExecute, special: .setUserID, set: "s", unset: "S"))
  output.append(permission(.groupRead, "r"))
  output.append(permission(.groupWrite, "w"))
  output.append(execute(.groupExecute, special: .setGroupID, set: "s", unset: "S"))
  output.append(permission(.otherRead, "r"))
  output.append(permission(.otherWrite, "w"))
  output.append(execute(.otherExecute, special: .sticky, set: "t", unset: "T"))
}

/// The letter ls shows for a kind of file in the mode column.
func typeLetter(_ kind: FileKind) -> UInt8 {
  switch kind {
  case .regularFile: UInt8(ascii: "-")
  case .directory: UInt8(ascii: "d")
  case .symbolicLink: UInt8(ascii: "l")
  case .fifo: UInt8(ascii: "p")
  case .socket: UInt8(ascii: "s")
  case .blockDevice: UInt8(ascii: "b")
  case .characterDevice: UInt8(ascii: "c")
  case .unknown: UInt8(ascii: "?")
  }
}

/// Appends the permission bits as four octal digits (`0644`, `4755`).
func appendOctalPermissions(_ mode: FileMode, to output: inout [UInt8]) {
  let bits = mode.permissions.rawValue
  for shift in stride(from: 9, through: 0, by: -3) {
    output.append(UInt8(ascii: "0") + UInt8((bits >> UInt32(shift)) & 7))
  }
}
