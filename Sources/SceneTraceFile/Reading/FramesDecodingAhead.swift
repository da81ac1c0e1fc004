import Dispatch
import SceneTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The event frames after the one a scan is reading, decompressed and decoded on other threads
/// while it reads that one: frames are independent (each holds its own strings; session
/// identifiers are numbered by a table every thread shares), so a file's frames are decoded on
/// every core and handed on in order.
///
/// The scan stays the one reader of the file's order: it lays out every frame as before and
/// takes a frame's reading from here only when it comes to that frame and its layout is the one
/// decoded ahead. What is decoded ahead is only ever what the scan would decode itself, so a
/// frame the scan goes past (damage, a consumer that stops) is dropped unread, and the scan's
/// result is the same with any number of threads.
struct FramesDecodingAhead<Events: DecodedEvents> {
  /// A frame's reading, once it is ready.
  typealias Reading = WorkAhead<EventFrameReading<Events>, Never>

  /// The largest frame decoded ahead: its bytes are copied for the thread that decodes it, and
  /// a larger one (a writer's frames are tens of kilobytes) is left to the scan, which reads it
  /// where the file's bytes are held.
  static var frameByteLimit: Int { 4 << 20 }

  /// How many frames may be decoded ahead at once.
  let width: Int
  private let lenient: Bool
  /// The threads that decode, made when the first frame is handed to them.
  private var lanes: [DecodingLane] = []
  /// The frames being decoded, in file order, each with its layout.
  private var pending: [(layout: ZstdFrameLayout, reading: Reading)] = []
  /// How many frames have been handed to the lanes: the next goes to lane `handed % width`.
  private var handed = 0
  /// Where to look for the next frame to decode ahead.
  private var next = 0
  /// Where looking ahead met something other than a complete frame: the scan deals with it
  /// before looking ahead goes on past it.
  private var stoppedAt: Int?

  init(width: Int, lenient: Bool) {
    self.width = max(0, width)
    self.lenient = lenient
  }

  /// The reading of the frame laid out as `layout`, if it is being decoded ahead; the frames
  /// before it that were decoded ahead are dropped (the scan went past them).
  mutating func take(_ layout: ZstdFrameLayout) -> Reading? {
    let skipped = pending.prefix { $0.layout.start < layout.start }.count
    pending.removeFirst(skipped)
    guard let first = pending.first, first.layout.start == layout.start,
      first.layout.end == layout.end
    else { return nil }
    pending.removeFirst()
    return first.reading
  }

  /// Hands the lanes the complete event frames that follow the one ending at `end`, until
  /// ``width`` are being decoded: those the scan will come to next, laid out from `window` as
  /// the scan lays them out. `goesPast` says whether a frame laid out so runs past where the
  /// scan's index says the next one starts, which the scan treats as damage: looking ahead stops
  /// there, as it does at any frame that does not lay out whole.
  mutating func decodeFrames(
    after end: Int, in window: inout TraceWindow, goesPast: (ZstdFrameLayout) -> Bool
  ) {
    guard width > 0 else { return }
    if let stoppedAt {
      guard end > stoppedAt else { return }
      self.stoppedAt = nil
    }
    next = max(next, end)
    // Checkpoints and other records between frames are walked past, a few at most.
    var records = 0
    while pending.count < width, next < window.count, records < 16 {
      guard case .success(let layout)? = try? window.layout(at: next), layout.isComplete,
        !goesPast(layout)
      else { return stoppedAt = next }
      next = layout.end
      guard case .data = layout.kind else {
        records += 1
        continue
      }
      guard layout.end - layout.start <= Self.frameByteLimit,
        let bytes = try? window.bytes(layout.start..<layout.end)
      else { return stoppedAt = layout.start }
      pending.append((layout, decode(bytes, laidOutAs: layout)))
    }
  }

  /// Starts decoding the frame of `bytes`, laid out as `layout` in the file.
  private mutating func decode(_ bytes: [UInt8], laidOutAs layout: ZstdFrameLayout) -> Reading {
    if lanes.isEmpty { lanes = (0..<width).map(DecodingLane.init) }
    let lane = lanes[handed % width]
    handed += 1
    let local = layout.shifted(by: -layout.start)
    let lenient = self.lenient
    return Reading(on: lane.queue) { () -> EventFrameReading<Events> in
      var reading = bytes.withUnsafeBufferPointer { frame in
        EventFrameReading<Events>(local, in: frame, context: lane.context, lenient: lenient)
      }
      reading.layout = layout
      return reading
    }
  }
}

extension ReadOptions {
  /// How many frames a reader decodes ahead unless told otherwise: as many as there are cores,
  /// none on one, and no more than eight: the frames are replayed on one thread, which eight
  /// decoding threads outrun by far (a frame takes at most about twice the instructions to
  /// decode as to replay). Asked of the system once, not at every `ReadOptions` made.
  static let framesDecodedAheadByDefault: Int = {
    let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    return cores > 1 ? min(cores, 8) : 0
  }()
}

/// A thread that decodes frames ahead of a scan: a serial queue, with the libzstd context that
/// only its queue uses.
///
/// A serial queue of its own rather than the system's shared threads: a scan waits for the
/// frames it handed over, and a scan that itself runs on one of the shared threads (on a machine
/// of few cores) could otherwise wait for work that no thread is left to run.
private final class DecodingLane: @unchecked Sendable {
  // @unchecked: the context is used only by the work the queue runs, one at a time.
  let queue: DispatchQueue
  let context: ZstdDecompressionContext?

  init(_ number: Int) {
    queue = DispatchQueue(label: "SceneTraceFile.FramesDecodingAhead.\(number)")
    context = LibZstd.isAvailable ? try? ZstdDecompressionContext() : nil
  }
}
