/// One-shot zstd compression for tools such as `tools/bench`: public, but not promised.
public enum _ZstdFrame {
  /// `bytes` compressed into one zstd frame at `level`, with its checksum; throws
  /// `compressionUnavailable` in a build without libzstd.
  public static func compress(_ bytes: [UInt8], level: Int) throws(TraceError) -> [UInt8] {
    try LibZstd.compressFrame(bytes, level: Int32(clamping: level), minMatch: nil)
  }
}
