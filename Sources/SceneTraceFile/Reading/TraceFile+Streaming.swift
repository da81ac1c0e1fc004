import SceneTrace

/// What a pass over a trace file that handed its events on found, besides the events.
package struct StreamedTrace: Sendable {
  /// The file, as the caller named it (the files joined, `a + b`, for several).
  package var path: String
  /// The files read, in order: one, unless several were joined.
  package var files: [String]
  /// The file's format, as ``LoadedTrace/format`` says it.
  package var format: TraceFileFormat
  /// The header; nil when it is damaged.
  package var header: TraceHeader?
  /// What was lost at the end, as ``LoadedTrace/truncation`` says it.
  package var truncation: String?
  /// What reading skipped, as ``LoadedTrace/warnings``.
  package var warnings: [String]
  /// The parts that could not be read, as ``LoadedTrace/damage``.
  package var damage: [TraceDamage]
  /// Every stretch that could not be seen, as ``LoadedTrace/loss``.
  package var loss: [LostStretch]
  /// The events handed on.
  package var tally: EventTally
  /// The index the file stores, when it has a valid one.
  package var storedIndex: TraceIndex?
  /// Where the events lie in a file of uncompressed JSON Lines, a chunk of about
  /// ``JSONLinesChunk/byteCount`` bytes of lines at a time; empty for other files.
  package var jsonLinesChunks: [JSONLinesChunk] = []
  /// Whether the consumer stopped the pass before the end: ``truncation`` and the extent of
  /// damage at the end are then unknown.
  package var stoppedEarly: Bool
  /// The most bytes of the file the reader held at once, and of decompressed text.
  package var bufferHighWater: Int

  /// The trace as loaded, without its events: what reading lost, for the warnings.
  package var withoutEvents: LoadedTrace {
    LoadedTrace(
      path: path, events: [], truncation: truncation, warnings: warnings, damage: damage,
      format: format, header: header, loss: loss)
  }

  /// Whether ``TraceFile/events(inSeqs:of:options:chunkSize:)`` reads only the parts of the
  /// file that hold the seqs asked for: a `.sctrace` file with a valid index or uncompressed
  /// JSON Lines, one file, read whole and undamaged. Otherwise each such call reads every file
  /// again.
  package var readsByIndex: Bool { readsByIndex(through: .max) }

  /// Whether ``TraceFile/events(inSeqs:of:options:chunkSize:)`` reads only the parts of the
  /// file that hold seqs up to `seq`: as ``readsByIndex`` says, but a pass that stopped early
  /// counts when it handed on `seq` or a later one (what it found before it stopped holds them).
  package func readsByIndex(through seq: Int) -> Bool {
    (storedIndex != nil || !jsonLinesChunks.isEmpty) && damage.isEmpty && truncation == nil
      && (!stoppedEarly || (tally.last?.seq ?? .min) >= seq)
  }

  /// Which stretch of ``loss`` may explain a finding, as ``LoadedTrace/lossExplanations``
  /// says.
  package var lossExplanations: LossExplanations {
    LossExplanations(loss: loss, launchSeqs: tally.launchSeqs)
  }
}

extension TraceFile {
  /// Reads the `.sctrace` file at `path` frame by frame, handing each frame's events to
  /// `consume` in order as they are decoded (it returns false to stop), and holding only the
  /// frame being read: the same events, damage, truncation and loss as ``load(path:options:)``,
  /// in memory that does not grow with the file. A file that is not a regular file (a pipe) is
  /// read whole first. `chunkSize` is the least a read asks for.
  package static func stream(
    sctrace path: String, options: ReadOptions = ReadOptions(),
    chunkSize: Int = TraceWindow.defaultChunkSize, _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    try TraceWindow.withFile(path, chunkSize: chunkSize) { window throws(TraceError) in
      try stream(sctrace: &window, path: path, options: options, header: { _ in }, consume)
    }
  }

  /// Reads the trace file at `path`, of any format (told as ``load(path:options:)`` tells it),
  /// a frame or a chunk at a time, handing the events to `consume` in order (it returns false
  /// to stop): the same events, damage, truncation, warnings and loss as
  /// ``load(path:options:)``, or the same error, in memory that does not grow with the file
  /// (a zstd-compressed file is decompressed as it is read). `header` gets the file's header
  /// before any event: nil for JSON Lines, or when it is damaged. A file that is not a regular
  /// file (a pipe) is read whole first. `chunkSize` is the least a read asks for.
  package static func stream(
    path: String, options: ReadOptions = ReadOptions(),
    chunkSize: Int = TraceWindow.defaultChunkSize, header: (TraceHeader?) -> Void = { _ in },
    _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    try TraceWindow.withFile(path, chunkSize: chunkSize) { window throws(TraceError) in
      let format = try format(of: &window)
      guard format != .sctrace else {
        return try stream(sctrace: &window, path: path, options: options, header: header, consume)
      }
      return try stream(
        window: &window, format: format, path: path, options: options, chunkSize: chunkSize,
        header: header, consume)
    }
  }

  /// Streams the file of JSON Lines (`format`) that `window` shows, as
  /// ``stream(path:options:chunkSize:header:_:)``.
  private static func stream(
    window: inout TraceWindow, format: TraceFileFormat, path: String, options: ReadOptions,
    chunkSize: Int, header: (TraceHeader?) -> Void, _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    if format == .jsonLines, let error = try notATrace(&window, path: path) { throw error }
    header(nil)
    var tally = EventTally()
    let read = try streamJSONLines(
      &window, compressed: format == .compressedJSONLines, path: path, options: options,
      chunkSize: chunkSize
    ) { events in
      tally.add(events)
      return consume(consume events)
    }
    let loss = LoadedTrace.loss(
      of: tally, damage: [], truncation: read.truncation, skippedSeqs: read.skippedSeqs,
      warnings: read.warnings)
    // Compressed or not, a loaded trace's format is JSON Lines.
    return StreamedTrace(
      path: path, files: [path], format: .jsonLines, header: nil,
      truncation: read.truncation, warnings: read.warnings, damage: [], loss: loss,
      tally: tally, storedIndex: nil, jsonLinesChunks: read.chunks,
      stoppedEarly: read.stoppedEarly, bufferHighWater: window.highWater + read.textHighWater)
  }

  /// Reads the trace files of `paths` as ``stream(joining:options:chunkSize:header:_:)`` does,
  /// handing `consume` the events as batches whose pointer samples are plain values: a
  /// `.sctrace` file's samples are decoded as such, without making an event of each; the events
  /// of other files, or of several joined, are batched as they come.
  package static func streamBatches(
    joining paths: [String], options: ReadOptions = ReadOptions(),
    chunkSize: Int = TraceWindow.defaultChunkSize, header: (TraceHeader?) -> Void = { _ in },
    _ consume: (consuming EventBatch) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    guard paths.count == 1, let path = paths.first else {
      return try stream(joining: paths, options: options, chunkSize: chunkSize, header: header) {
        consume(EventBatch(moving: $0))
      }
    }
    return try TraceWindow.withFile(path, chunkSize: chunkSize) { window throws(TraceError) in
      let format = try format(of: &window)
      guard format == .sctrace else {
        return try stream(
          window: &window, format: format, path: path, options: options, chunkSize: chunkSize,
          header: header
        ) { consume(EventBatch(moving: $0)) }
      }
      return try stream(sctrace: &window, path: path, options: options, header: header) {
        (batch: consuming EventBatch, tally: inout EventTally) in
        tally.add(batch)
        return consume(batch)
      }
    }
  }

  /// Streams the `.sctrace` file `window` shows, as ``stream(sctrace:options:chunkSize:_:)``.
  private static func stream(
    sctrace window: inout TraceWindow, path: String, options: ReadOptions,
    header: (TraceHeader?) -> Void, _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    try stream(sctrace: &window, path: path, options: options, header: header) {
      (events: consuming [Event], tally: inout EventTally) in
      tally.add(events)
      return consume(events)
    }
  }

  /// Streams the `.sctrace` file `window` shows into `Events`, `consume` counting each frame's
  /// events in the tally it is handed before it takes them.
  private static func stream<Events: DecodedEvents>(
    sctrace window: inout TraceWindow, path: String, options: ReadOptions,
    header: (TraceHeader?) -> Void,
    _ consume: (consuming Events, _ tally: inout EventTally) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    var tally = EventTally()
    let scan = try TraceScan.stream(&window, path: path, options: options, header: header) {
      (events: consuming Events) in consume(events, &tally)
    }
    let loss = LoadedTrace.loss(
      of: tally, damage: scan.damage, truncation: scan.truncation, skippedSeqs: scan.skippedSeqs,
      warnings: scan.warnings)
    let streamed = StreamedTrace(
      path: path, files: [path], format: .sctrace, header: scan.header, truncation: scan.truncation,
      warnings: scan.warnings, damage: scan.damage, loss: loss, tally: tally,
      storedIndex: scan.storedIndex, stoppedEarly: scan.stoppedEarly,
      bufferHighWater: window.highWater)
    guard tally.count == 0, !scan.stoppedEarly else { return streamed }
    throw emptySctrace(
      LoadedTrace(
        path: path, events: [], truncation: scan.truncation, warnings: scan.warnings,
        damage: scan.damage, format: .sctrace, loss: []),
      path: path)
  }
}

extension TraceFile {
  /// The events of the trace `streamed` read whose seqs lie in `ranges`: what a second pass
  /// over its files would hand on among them. When that pass found one file intact, only the
  /// parts its index says hold them are read: the frames of a `.sctrace` file, the chunks of
  /// lines of JSON Lines (``StreamedTrace/readsByIndex``); otherwise every file is read again.
  package static func events(
    inSeqs ranges: [ClosedRange<Int>], of streamed: StreamedTrace,
    options: ReadOptions = ReadOptions(), chunkSize: Int = TraceWindow.defaultChunkSize
  ) throws(TraceError) -> [Event] {
    var lastFrame: DecompressedFrame?
    return try events(
      inSeqs: ranges, of: streamed, options: options, chunkSize: chunkSize,
      lastFrame: &lastFrame)
  }

  /// The events of the trace `streamed` read whose seqs lie in `ranges`, as
  /// ``events(inSeqs:of:options:chunkSize:)`` reads them, for one of a series of reads of the
  /// same trace with the same options in ascending order: the frame the previous read ended
  /// with is taken from `lastFrame` rather than decompressed again, and `lastFrame` is left
  /// holding the frame this read ended with. A report reads the events its findings show a batch
  /// at a time, and each batch mostly begins in the frame where the one before it ended.
  package static func events(
    inSeqs ranges: [ClosedRange<Int>], of streamed: StreamedTrace, options: ReadOptions,
    chunkSize: Int = TraceWindow.defaultChunkSize, lastFrame: inout DecompressedFrame?
  ) throws(TraceError) -> [Event] {
    let wanted = WantedSeqs(ranges)
    guard let last = wanted.ranges.last?.upperBound else { return [] }
    guard streamed.readsByIndex(through: last) else {
      var kept = KeptEvents(wanted)
      _ = try stream(joining: streamed.files, options: options, chunkSize: chunkSize) { events in
        kept.add(events)
        return true
      }
      return kept.events
    }
    // Frames found by the index are read in small chunks: each read of a series starts a
    // window of its own, and a chunk of a megabyte read most of a small trace again each time.
    let frameChunk = streamed.storedIndex == nil ? chunkSize : min(chunkSize, 1 << 16)
    return try TraceWindow.withFile(streamed.path, chunkSize: frameChunk) {
      (window) throws(TraceError) -> [Event] in
      if let index = streamed.storedIndex {
        // Only the wanted events of a frame are made; the others are read past.
        var selection = wanted
        var events: [Event] = []
        let context = LibZstd.isAvailable ? try? ZstdDecompressionContext() : nil
        var last: DecompressedFrame?
        for frame in index.frames where wanted.overlaps(frame.firstSeq...frame.lastSeq) {
          let content: [UInt8]
          if let previous = lastFrame, previous.offset == frame.offset {
            content = previous.content
          } else {
            content = try EventFrameReading<[Event]>.content(
              at: frame.offset, in: &window, context: context, path: streamed.path)
            window.release(before: frame.offset + frame.byteCount)
          }
          // Decoded up to the last event wanted of it, not further.
          selection.lastSeq = wanted.lastWanted(in: frame.firstSeq...frame.lastSeq)
          let decoded =
            EventFrameDecoder.decode(
              content, lenient: options.lenient, selecting: &selection
            ).events
          // Moved, not copied, when it is the first frame's: a copy retained every string of
          // every event, and freeing the array released them.
          if events.isEmpty { events = decoded } else { events += decoded }
          last = DecompressedFrame(offset: frame.offset, content: content)
        }
        if let last { lastFrame = last }
        return events
      }
      var kept = KeptEvents(wanted)
      for chunk in streamed.jsonLinesChunks where wanted.overlaps(chunk.seqs) {
        // The reader keeps a closure, which asks by search: it cannot walk along the ranges.
        var reader = JSONLinesReader(
          path: streamed.path, options: options, at: chunk.start,
          wanting: { wanted.containsBySearch($0) })
        _ = try window.withBytes(chunk.bytes) { (bytes) throws(TraceError) in
          try reader.read(bytes, isLast: true)
        }.get()
        kept.add(reader.takeEvents())
        window.release(before: chunk.bytes.upperBound)
      }
      return kept.events
    }
  }
}

/// One event frame of a file, decompressed: what a series of reads keeps of the frame it read
/// last, to decode the events the next read wants of it.
package struct DecompressedFrame {
  /// Where the frame starts in the file.
  let offset: Int
  /// Its content.
  let content: [UInt8]
}

/// The events read that are wanted, kept in the order read.
private struct KeptEvents {
  private(set) var events: [Event] = []
  private var wanted: WantedSeqs

  init(_ wanted: WantedSeqs) { self.wanted = wanted }

  mutating func add(_ read: [Event]) {
    for index in read.indices where wanted.contains(read[index].seq) {
      events.append(read[index])
    }
  }
}

/// The seqs wanted, held as sorted ranges that neither overlap nor touch. Asked about seqs in
/// ascending order, it walks along the ranges with them, and searches only when a seq goes back
/// (a damaged file). A value that the reading owns: a closure that captured the walk's position
/// checked its exclusive access four times an event.
private struct WantedSeqs: EventSelection {
  let ranges: [ClosedRange<Int>]
  /// The first range that does not end before the last seq asked about.
  private var cursor = 0
  private var previous = Int.min

  /// The seqs of `ranges`, which may overlap, touch and come in any order.
  init(_ ranges: [ClosedRange<Int>]) {
    // Sorted, with those that overlap or touch made one.
    var merged: [ClosedRange<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last,
        range.lowerBound <= last.upperBound
          || range.lowerBound - last.upperBound == 1
      {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    self.ranges = merged
  }

  /// Whether `seq` is wanted, walking on from the last seq asked about.
  mutating func contains(_ seq: Int) -> Bool {
    if seq < previous { cursor = firstNotEnding(before: seq) }
    previous = seq
    while cursor < ranges.count, ranges[cursor].upperBound < seq { cursor += 1 }
    return cursor < ranges.count && ranges[cursor].lowerBound <= seq
  }

  static var selectsEvery: Bool { false }

  /// The last seq a decoding asks about: that of a frame's last wanted event.
  var lastSeq = Int.max

  mutating func selects(_ seq: Int) -> Bool { contains(seq) }

  mutating func nextSelected(after seq: Int) -> Int {
    if contains(seq) { return seq == .max ? .max : seq + 1 }
    // The first range that does not end before `seq`, which starts after it.
    return cursor < ranges.count ? ranges[cursor].lowerBound : .max
  }

  /// The last seq wanted among `seqs`, or one before them when none is.
  func lastWanted(in seqs: ClosedRange<Int>) -> Int {
    let after = ranges.partitioningIndex { $0.lowerBound > seqs.upperBound }
    guard after > 0, ranges[after - 1].upperBound >= seqs.lowerBound else {
      return seqs.lowerBound - 1
    }
    return min(ranges[after - 1].upperBound, seqs.upperBound)
  }

  /// Whether `seq` is wanted, found by search.
  func containsBySearch(_ seq: Int) -> Bool {
    let next = firstNotEnding(before: seq)
    return next < ranges.count && ranges[next].lowerBound <= seq
  }

  /// Whether a seq of `seqs` is wanted.
  func overlaps(_ seqs: ClosedRange<Int>) -> Bool {
    let next = firstNotEnding(before: seqs.lowerBound)
    return next < ranges.count && ranges[next].lowerBound <= seqs.upperBound
  }

  /// The index of the first range that does not end before `seq`.
  private func firstNotEnding(before seq: Int) -> Int {
    ranges.partitioningIndex { $0.upperBound >= seq }
  }
}
