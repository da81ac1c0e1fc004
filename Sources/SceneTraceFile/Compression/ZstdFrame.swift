/// One-shot zstd compression for the package's tools, such as `tools/bench`.
package enum ZstdFrame {
  /// `bytes` compressed into one zstd frame at `level`, with its checksum; throws
  /// `compressionUnavailable` in a build without libzstd.
  package static func compress(_ bytes: [UInt8], level: Int) throws(TraceError) -> [UInt8] {
    try LibZstd.compressFrame(bytes, level: Int32(clamping: level), minMatch: nil)
  }
}
