// The libFuzzer entry of `make fuzz`, built with FuzzProperties.swift and
// lsrows's sources into one binary; FUZZ_TARGET picks the property.
import Glibc

private let target: FuzzTarget = {
  guard let name = getenv("FUZZ_TARGET").map({ String(cString: $0) }),
    let target = FuzzTarget(rawValue: name)
  else {
    fatalError("set FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))")
  }
  return target
}()

/// Runs the chosen property on one input from libFuzzer; a property that
/// does not hold stops the run, as a crash would, so libFuzzer keeps it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let problem = FuzzProperties.check(target, input) {
    fatalError("\(target.rawValue): \(problem)")
  }
  return 0
}
