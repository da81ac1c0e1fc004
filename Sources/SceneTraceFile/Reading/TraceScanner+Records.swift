import SceneTrace

extension TraceScanner {
  /// Reads a checkpoint, the index or a frame this version skips; false to stop scanning.
  mutating func readSkippable(
    _ nibble: UInt8, _ content: Range<Int>, _ layout: ZstdFrameLayout
  )
    throws(TraceError) -> Bool
  {
    let isRead = [TraceRecord.headerNibble, TraceRecord.checkpointNibble, TraceRecord.indexNibble]
    let bytes = isRead.contains(nibble) ? try window.bytes(content) : []
    return bytes.withUnsafeBufferPointer { read(nibble, $0, layout) }
  }

  /// Reads a skippable frame's content, `bytes`; false to stop scanning.
  private mutating func read(
    _ nibble: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: ZstdFrameLayout
  ) -> Bool {
    switch nibble {
    case TraceRecord.headerNibble where !TraceHeader.looksLikeHeader(bytes):
      // A damaged magic made another kind of frame (a checkpoint) look like a header.
      scan.damage.append(
        TraceDamage(
          byteOffset: layout.start,
          message: "a frame's magic is damaged (it names a header, which it does not hold); "
            + "it was skipped", losesEvents: false))
    case TraceRecord.headerNibble:
      scan.damage.append(
        TraceDamage(
          byteOffset: layout.start,
          message:
            "another trace's header starts here, as when two files are joined with `cat`; the "
            + "rest of the file was not read (give the files to `replay --join` instead)"))
      return false
    case TraceRecord.checkpointNibble:
      do throws(DecodingFailure) {
        let record = try TraceCheckpoint.decodeRecord(bytes)
        scan.checkpoints.append(
          TraceScan.Checkpoint(
            entry: TraceIndex.Checkpoint(
              offset: layout.start, byteCount: layout.end - layout.start, seq: record.seq,
              reducerVersion: record.reducerVersion, digest: record.digest),
            findingCount: record.findingCount))
      } catch {
        scan.damage.append(
          TraceDamage(
            byteOffset: layout.start,
            message: "the checkpoint is damaged (\(error.message)); it was skipped",
            losesEvents: false))
      }
    case TraceRecord.indexNibble where layout.end == window.count:
      do throws(DecodingFailure) {
        scan.storedIndex = try TraceIndex.decode(bytes)
        if trailerOffset != layout.start {
          // The index reads, but the size at the end of the file does not lead to it: a reader
          // that seeks to the index from the end (random access) cannot find it.
          scan.indexProblem = "has a damaged trailer (the size at the end of the file)"
        }
      } catch {
        scan.indexProblem = "damaged (\(error.message))"
        scan.damage.append(
          TraceDamage(
            byteOffset: layout.start,
            message: "the index is damaged (\(error.message)); it was rebuilt by scanning",
            losesEvents: false))
      }
    default:
      // An index that is not the last frame (the file was appended to after it was closed),
      // or a kind of frame a later minor version added: skipped.
      break
    }
    return true
  }
}
