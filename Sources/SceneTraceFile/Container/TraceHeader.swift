/// The version of the `.sctrace` format a file was written in: `major.minor`.
///
/// A reader reads every file of its major version, whatever the minor (minor versions only add
/// what older readers can skip), and refuses a newer major version.
public struct TraceFormatVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Changes when older readers can no longer read the files.
  public var major: Int
  /// Changes when something is added that older readers skip.
  public var minor: Int

  /// Creates a version.
  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// The version this library writes, and the newest it knows: 1.1 (it reads every 1.x).
  public static let current = TraceFormatVersion(major: 1, minor: 2)

  /// Orders by major, then minor version.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  /// `1.0`.
  public var description: String { "\(major).\(minor)" }
}

/// What a `.sctrace` file says about itself in its header: the format version, who recorded it,
/// the app, and when the recording started.
public struct TraceHeader: Hashable, Sendable {
  /// The format version the file was written in.
  public var formatVersion: TraceFormatVersion
  /// The recorder that wrote the events, such as `SceneTraceRecorder 0.1.0` or
  /// `replay import 0.1.0`.
  public var recorderVersion: String
  /// The app that was recorded, such as its bundle identifier; empty when unknown.
  public var appName: String
  /// When the trace started (time 0), as nanoseconds since 1970-01-01 00:00 UTC; nil when
  /// unknown, as for a trace imported from JSON Lines.
  public var startWallClockNanoseconds: Int64?

  /// Creates a header in the current format version.
  public init(
    recorderVersion: String, appName: String = "", startWallClockNanoseconds: Int64? = nil,
    formatVersion: TraceFormatVersion = .current
  ) {
    self.formatVersion = formatVersion
    self.recorderVersion = recorderVersion
    self.appName = appName
    self.startWallClockNanoseconds = startWallClockNanoseconds
  }
}

extension TraceHeader {
  /// The eight bytes that open the header: `SCTRACE` and a zero byte.
  static let magic: [UInt8] = Array("SCTRACE".utf8) + [0]

  /// The header's skippable frame content: magic, version, flags, recorder, app, start time,
  /// then a checksum of all of it.
  func encoded() -> [UInt8] {
    var writer = ByteWriter()
    writer.append(Self.magic)
    writer.uint16(UInt16(clamping: formatVersion.major))
    writer.uint16(UInt16(clamping: formatVersion.minor))
    writer.varint(startWallClockNanoseconds == nil ? 0 : 1)
    writer.string(recorderVersion)
    writer.string(appName)
    if let startWallClockNanoseconds {
      writer.uint64(UInt64(bitPattern: startWallClockNanoseconds))
    }
    return TraceRecord.sealed(writer)
  }

  /// Whether `content` starts like a header (as much of the magic as there is).
  static func looksLikeHeader(_ content: some Collection<UInt8>) -> Bool {
    !content.isEmpty && content.prefix(magic.count).elementsEqual(magic.prefix(content.count))
  }

  /// Reads a header's skippable frame content. The magic, the version and the checksum in the
  /// last four bytes keep their places in every format version; a newer major version is
  /// returned with only its version read, since the rest may have changed.
  static func decode(_ content: UnsafeBufferPointer<UInt8>) throws(DecodingFailure) -> Self {
    var reader = ByteReader(content)
    guard try reader.bytes(magic.count).elementsEqual(magic) else {
      throw .invalid("the header does not start with SCTRACE", at: 0)
    }
    let body = try TraceRecord.verifiedBody(content, name: "header")
    reader = ByteReader(body, offset: reader.offset)
    let version = TraceFormatVersion(
      major: Int(try reader.uint16()), minor: Int(try reader.uint16()))
    var header = TraceHeader(recorderVersion: "", formatVersion: version)
    guard version.major <= TraceFormatVersion.current.major else { return header }
    let flags = try reader.varint()
    header.recorderVersion = try reader.string()
    header.appName = try reader.string()
    if flags & 1 != 0 { header.startWallClockNanoseconds = Int64(bitPattern: try reader.uint64()) }
    return header
  }
}

/// The conventions shared by the records in skippable frames (header, checkpoint, index): the
/// last four bytes are the low 32 bits of XXH64 of the bytes before them, little-endian, and a
/// reader ignores bytes between the fields it knows and that checksum (a later minor version
/// may add fields there).
enum TraceRecord {
  /// `writer`'s bytes followed by their checksum.
  static func sealed(_ writer: ByteWriter) -> [UInt8] {
    var sealed = writer
    sealed.uint32(UInt32(truncatingIfNeeded: XXH64.hash(writer.bytes)))
    return sealed.bytes
  }

  /// The bytes before the checksum, after checking it.
  static func verifiedBody(_ content: UnsafeBufferPointer<UInt8>, name: String)
    throws(DecodingFailure) -> UnsafeBufferPointer<UInt8>
  {
    guard content.count >= 4 else { throw .endOfData(at: content.count) }
    let body = UnsafeBufferPointer(rebasing: content[0..<content.count - 4])
    let stored = ZstdFrameLayout.load32(content, content.count - 4)
    guard UInt32(truncatingIfNeeded: XXH64.hash(body)) == stored else {
      throw .invalid("its checksum does not match its bytes", at: 0)
    }
    return body
  }

  /// A skippable frame: its magic (`0x184D2A50` plus `nibble`), its size, then `content`.
  static func skippableFrame(nibble: UInt8, content: [UInt8]) -> [UInt8] {
    var writer = ByteWriter(reservingCapacity: content.count + 8)
    writer.uint32(ZstdFrameLayout.skippableMagicBase | UInt32(nibble))
    writer.uint32(UInt32(content.count))
    writer.append(content)
    return writer.bytes
  }

  /// The skippable frame nibble of the header.
  static let headerNibble: UInt8 = 0
  /// The skippable frame nibble of a checkpoint.
  static let checkpointNibble: UInt8 = 1
  /// The skippable frame nibble of the index.
  static let indexNibble: UInt8 = 2
}
