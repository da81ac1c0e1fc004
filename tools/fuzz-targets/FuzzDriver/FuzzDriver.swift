import CFuzzer

/// Runs libFuzzer over `body` with the process's arguments (`-max_total_time=60`, a corpus
/// folder...), and exits with its status. `body` must not crash, trap or leak on any input.
public func fuzz(_ body: @escaping @Sendable ([UInt8]) -> Void) -> Never {
  target = body
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    target?(bytes)
    return 0
  }
  exit(status)
}

/// The input's body: libFuzzer's callback is a C function, which cannot capture it.
nonisolated(unsafe) private var target: (@Sendable ([UInt8]) -> Void)?

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
