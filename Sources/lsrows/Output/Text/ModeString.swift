/// The ten characters of `ls -l`'s mode column, as gnulib's filemodestring.
///
/// `-rwsr-x--T`: the file type, then read, write and execute for owner,
/// group and others, with set-user-ID, set-group-ID and sticky shown in the
/// execute places (lowercase when the execute bit is also set).
func appendModeString(_ mode: UInt32, to output: inout [UInt8]) {
  output.append(typeLetter(FileKind(mode: mode)))
  func permission(_ bit: UInt32, _ letter: Character) -> UInt8 {
    mode & bit != 0 ? UInt8(ascii: letter.unicodeScalars.first!) : UInt8(ascii: "-")
  }
  func execute(_ bit: UInt32, special: UInt32, set: Character, unset: Character) -> UInt8 {
    let executable = mode & bit != 0
    if mode & special != 0 {
      return UInt8(ascii: (executable ? set : unset).unicodeScalars.first!)
    }
    return executable ? UInt8(ascii: "x") : UInt8(ascii: "-")
  }
  output.append(permission(0o400, "r"))
  output.append(permission(0o200, "w"))
  output.append(execute(0o100, special: 0o4000, set: "s", unset: "S"))
  output.append(permission(0o040, "r"))
  output.append(permission(0o020, "w"))
  output.append(execute(0o010, special: 0o2000, set: "s", unset: "S"))
  output.append(permission(0o004, "r"))
  output.append(permission(0o002, "w"))
  output.append(execute(0o001, special: 0o1000, set: "t", unset: "T"))
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
func appendOctalPermissions(_ mode: UInt32, to output: inout [UInt8]) {
  let permissions = mode & 0o7777
  for shift in stride(from: 9, through: 0, by: -3) {
    output.append(UInt8(ascii: "0") + UInt8((permissions >> UInt32(shift)) & 7))
  }
}
