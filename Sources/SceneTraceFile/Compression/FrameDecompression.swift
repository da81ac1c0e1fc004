/// Getting the content out of one laid-out zstd data frame: raw and RLE blocks in Swift,
/// compressed blocks through libzstd, never more than a limit, checking the checksum.
enum FrameDecompression {
  /// The most content one frame may hold (64 MiB); a frame that claims or decodes to more is
  /// refused before it is allocated.
  static let contentLimit = 64 << 20

  /// What decoding a frame gave: the content of its complete blocks.
  struct Content {
    var bytes: [UInt8]
    /// Whether the checksum was checked and matched (false when the frame is cut before it).
    var isVerified: Bool
  }

  /// Why a frame's content could not be had.
  struct Failure: Error {
    var message: String
    /// Where in the file.
    var offset: Int
    /// Whether only libzstd could decode it and this build has none.
    var needsLibZstd = false
  }

  /// The content of the complete blocks of `layout`, verified against the checksum when the
  /// frame is complete. `context` is needed for compressed blocks.
  static func content(
    of layout: ZstdFrameLayout, in file: UnsafeBufferPointer<UInt8>,
    context: ZstdDecompressionContext?
  ) throws(Failure) -> Content {
    if let declared = layout.declaredContentSize, declared > UInt64(contentLimit) {
      throw Failure(
        message:
          "the frame claims \(declared) bytes of content, more than the \(contentLimit >> 20) "
          + "MiB a frame may hold; it was not decoded",
        offset: layout.start)
    }
    if layout.isRawOnly {
      return try rawContent(of: layout, in: file)
    }
    guard let context else {
      throw Failure(
        message:
          "the frame is zstd-compressed and this build has no libzstd (built for iOS or with "
          + "SCENETRACE_WITHOUT_ZSTD=1); read it with a `replay` built with libzstd",
        offset: layout.start, needsLibZstd: true)
    }
    return try compressedContent(of: layout, in: file, context: context)
  }

  private static func rawContent(of layout: ZstdFrameLayout, in file: UnsafeBufferPointer<UInt8>)
    throws(Failure) -> Content
  {
    let total = layout.blocks.reduce(0) { $0 + $1.size }
    guard total <= contentLimit else { throw tooLarge(layout) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(total)
    for block in layout.blocks {
      switch block.kind {
      case .raw: bytes += file[block.payload]
      case .rle: bytes += repeatElement(file[block.payload.lowerBound], count: block.size)
      case .compressed: break
      }
    }
    guard layout.isComplete, layout.hasChecksumFlag, let stored = layout.checksum else {
      return Content(bytes: bytes, isVerified: false)
    }
    let actual = UInt32(truncatingIfNeeded: XXH64.hash(bytes))
    guard actual == stored else {
      throw Failure(
        message: "the frame's checksum does not match its content (damaged bytes)",
        offset: layout.start)
    }
    return Content(bytes: bytes, isVerified: true)
  }

  private static func compressedContent(
    of layout: ZstdFrameLayout, in file: UnsafeBufferPointer<UInt8>,
    context: ZstdDecompressionContext
  ) throws(Failure) -> Content {
    context.reset()
    let input = UnsafeRawBufferPointer(
      UnsafeBufferPointer(
        rebasing: file[layout.start..<(layout.isComplete ? layout.end : layout.blocksEnd)]))
    var bytes: [UInt8] = []
    var consumed = 0
    var result = 1
    var outputWasFull = false
    // Whether libzstd was asked at all: it is asked once even for a frame with nothing left.
    var asked = false
    // The content is decompressed straight into the array that keeps it, as much as the frame
    // declares or, when it declares nothing (a writer's frames do not), a chunk's worth: through
    // a chunk of its own, the chunk was zeroed and the content copied again for every frame
    // (about 45 instructions an event of a drag's reading). Content past that room (a frame
    // longer than a chunk, or one longer than it declares: damage) goes on a chunk at a time.
    let room = layout.declaredContentSize.map(Int.init) ?? LibZstd.decompressionChunkSize
    if room > 0 {
      bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
        let target = UnsafeMutableRawBufferPointer(buffer)
        repeat {
          let step = context.decompressStream(
            UnsafeRawBufferPointer(rebasing: input[consumed...]),
            UnsafeMutableRawBufferPointer(rebasing: target[count..<room]))
          consumed += step.consumed
          count += step.produced
          result = step.result
          outputWasFull = count == room
        } while !LibZstd.isError(result) && result != 0 && consumed < input.count
          && !outputWasFull
      }
      asked = true
      if LibZstd.isError(result) { throw undecodable(layout, result, at: consumed) }
    }
    var chunk: [UInt8] = []
    while result != 0 && (!asked || consumed < input.count || outputWasFull) {
      asked = true
      if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: LibZstd.decompressionChunkSize) }
      let step = chunk.withUnsafeMutableBytes { target in
        context.decompressStream(UnsafeRawBufferPointer(rebasing: input[consumed...]), target)
      }
      consumed += step.consumed
      if LibZstd.isError(step.result) { throw undecodable(layout, step.result, at: consumed) }
      bytes += chunk[0..<step.produced]
      guard bytes.count <= contentLimit else { throw tooLarge(layout) }
      result = step.result
      outputWasFull = step.produced == chunk.count
    }
    if layout.isComplete, result != 0 {
      throw Failure(
        message: "the frame ends before libzstd expects it to (damaged block sizes)",
        offset: layout.start)
    }
    return Content(bytes: bytes, isVerified: layout.isComplete && layout.hasChecksumFlag)
  }

  private static func undecodable(_ layout: ZstdFrameLayout, _ result: Int, at consumed: Int)
    -> Failure
  {
    Failure(
      message: "libzstd cannot decode the frame: \(LibZstd.errorName(result))",
      offset: layout.start + consumed)
  }

  private static func tooLarge(_ layout: ZstdFrameLayout) -> Failure {
    Failure(
      message:
        "the frame decodes to more than the \(contentLimit >> 20) MiB a frame may hold; it was "
        + "not decoded",
      offset: layout.start)
  }
}
