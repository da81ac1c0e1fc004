import SceneTrace

/// A stored reducer state: the state after event ``seq``, so that the state at a later event is
/// this state plus a short replay.
public struct TraceCheckpoint: Sendable {
  /// The state is the one after this event.
  public var seq: Int
  /// The `TraceReducer.version` that computed the state; a checkpoint of another version is not
  /// used for replay, and `verify` does not count its digest differing as damage.
  public var reducerVersion: Int
  /// XXH64 of the state's canonical JSON (sorted keys, one spelling per number; see the format).
  public var digest: UInt64
  /// How many findings a replay from the start reported up to ``seq``.
  public var findingCount: Int
  /// The state.
  public var state: TraceState

  /// Creates a checkpoint of `state` after event `seq`, with its digest.
  package init(
    seq: Int, state: TraceState, findingCount: Int, reducerVersion: Int = TraceReducer.version
  ) {
    self.seq = seq
    self.state = state
    self.findingCount = findingCount
    self.reducerVersion = reducerVersion
    self.digest = state.digest
  }

  /// Creates a checkpoint of `state` after event `seq` whose canonical JSON, `json`, the caller
  /// has already made: the digest is taken from it rather than encoding the state again.
  package init(seq: Int, state: TraceState, json: [UInt8], findingCount: Int) {
    self.seq = seq
    self.state = state
    self.findingCount = findingCount
    self.reducerVersion = TraceReducer.version
    self.digest = XXH64.hash(json)
  }
}

extension TraceState {
  /// XXH64 of the state's canonical JSON: what a checkpoint stores, and compares on `verify`.
  public var digest: UInt64 {
    var hasher = XXH64()
    writeCanonicalJSON { part in part.withBytes { hasher.update(UnsafeRawBufferPointer($0)) } }
    return hasher.digest()
  }

  /// Reads a state from its canonical JSON; a document that is not a state is a `damagedTrace`
  /// error whose `field` says where (`sessions.A.scene.state`).
  package init(canonicalJSON bytes: [UInt8]) throws(TraceError) {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(StateCodingError) in try TraceState(canonicalJSON: buffer) }
    }
    switch result {
    case .success(let state):
      self = state
    case .failure(let error):
      throw error.traceError(in: bytes)
    }
  }
}

extension StateCodingError {
  /// The error as a stored state's: where the text stops being JSON, or the path of the value
  /// that is not the state's.
  fileprivate func traceError(in bytes: [UInt8]) -> TraceError {
    guard case .syntax(let syntaxError) = kind else {
      let components = path.map { (step) -> JSONPath.Component in
        switch step {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
      }
      return TraceError(
        code: .damagedTrace,
        message: "a stored state is not a state this version can read: \(message)",
        field: components.isEmpty ? nil : JSONPath(components: components).description)
    }
    let json = syntaxError.traceError(in: bytes, path: nil)
    return TraceError(
      code: .damagedTrace, message: "a stored state is not JSON: \(json.message)", line: json.line)
  }
}

extension TraceCheckpoint {
  /// The four bytes that open a checkpoint record: `SCTK`.
  static let magic: [UInt8] = Array("SCTK".utf8)
  /// How the state is stored: canonical JSON inside one zstd frame.
  static let canonicalJSONInZstdFrame = 1

  /// The checkpoint's skippable frame, with the state's JSON compressed by `compress` (one
  /// zstd frame), or nil when the state does not read back as itself from its JSON. `json` is
  /// the state's canonical JSON when the caller has made it already.
  func encodedFrame(
    json: [UInt8]? = nil, compress: ([UInt8]) throws(TraceError) -> [UInt8]
  ) throws(TraceError) -> [UInt8]? {
    let json = json ?? state.canonicalJSON()
    // A state whose JSON would not give it back (a NaN coordinate, which equals nothing) is
    // not worth storing: replay covers it.
    guard json.count <= FrameDecompression.contentLimit,
      (try? TraceState(canonicalJSON: json)) == state
    else { return nil }
    let frame = try compress(json)
    var writer = ByteWriter(reservingCapacity: frame.count + 32)
    writer.append(Self.magic)
    writer.varint(seq)
    writer.varint(reducerVersion)
    writer.uint64(digest)
    writer.varint(findingCount)
    writer.varint(Self.canonicalJSONInZstdFrame)
    writer.varint(frame.count)
    writer.append(frame)
    return TraceRecord.skippableFrame(
      nibble: TraceRecord.checkpointNibble, content: TraceRecord.sealed(writer))
  }

  /// A checkpoint record's fields, and where its state's zstd frame is in `content`.
  struct Record {
    var seq: Int
    var reducerVersion: Int
    var digest: UInt64
    var findingCount: Int
    var stateFrame: Range<Int>
  }

  /// Reads a checkpoint record (the skippable frame's content), without its state.
  static func decodeRecord(_ content: UnsafeBufferPointer<UInt8>) throws(DecodingFailure)
    -> Record
  {
    let body = try TraceRecord.verifiedBody(content, name: "checkpoint")
    var reader = ByteReader(body)
    guard try reader.bytes(magic.count).elementsEqual(magic) else {
      throw .invalid("the checkpoint does not start with SCTK", at: 0)
    }
    let seq = try reader.count()
    let reducerVersion = try reader.count()
    let digest = try reader.uint64()
    let findingCount = try reader.count()
    let encoding = try reader.count()
    guard encoding == canonicalJSONInZstdFrame else {
      throw .invalid("the checkpoint stores its state in unknown encoding \(encoding)", at: 0)
    }
    let length = try reader.count()
    let start = reader.offset
    _ = try reader.bytes(length)
    return Record(
      seq: seq, reducerVersion: reducerVersion, digest: digest, findingCount: findingCount,
      stateFrame: start..<start + length)
  }
}
