import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile

/// How `import` and `compact` compress the `.sctrace` files they write.
struct CompressionOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The zstd level, 1 (fast) to 19 (small); the recorder writes level 3.", valueName: "n"))
  var level = 19

  @Flag(help: "Write raw (uncompressed) zstd blocks, as the recorder does without libzstd.")
  var uncompressed = false

  func validate() throws {
    guard (1...22).contains(level) else {
      throw ValidationError("--level must be between 1 and 22, not \(level).")
    }
  }

  var compression: TraceWriter.Compression {
    uncompressed || !TraceWriter.Compression.isZstdAvailable ? .uncompressed : .zstd(level: level)
  }
}

/// Writing events as a `.sctrace` file or as JSON Lines.
enum TraceOutput {
  /// Writes `events` to `path` as a `.sctrace` file with `header` and returns the file's size.
  static func write(
    _ events: [Event], to path: String, header: TraceHeader,
    compression: TraceWriter.Compression
  ) throws(TraceError) -> Int {
    let sink = try FileByteSink(path: path)
    let writer = try TraceWriter(
      header: header, sink: sink, options: writerOptions(compression: compression))
    for event in events { try writer.append(event) }
    try writer.close()
    return try TraceReader.fileSize(of: path)
  }

  /// How the commands that convert traces write them, compressed as `compression` says.
  static func writerOptions(compression: TraceWriter.Compression) -> TraceWriter.Options {
    var options = TraceWriter.Options()
    options.compression = compression
    // A conversion has no crash to survive before it closes: blocks end with their frames, not
    // on a clock, so the same events always give the same bytes.
    options.flushInterval = .max
    // And nothing to wait for: frames are compressed on another core while the next ones are
    // read and encoded.
    options.compressesFramesAhead = true
    return options
  }

  /// Writes `events`, taken from `trace`, to `path`: as JSON Lines when the name ends in
  /// `.jsonl`, otherwise as a `.sctrace` file whose header names `command` and keeps the app's
  /// name and start time.
  static func write(
    _ events: [Event], to path: String, from trace: LoadedTrace, by command: String
  ) throws(TraceError) {
    if path.hasSuffix(".jsonl") {
      try writeJSONLines(events, to: path)
    } else {
      let header = header(by: command, from: trace.header)
      _ = try write(events, to: path, header: header, compression: .automatic)
    }
  }

  /// The header of a file that `replay COMMAND` writes from a trace with header `input`: the
  /// command as its recorder, and the input's app name (unless `appName` is given) and start
  /// time.
  static func header(by command: String, from input: TraceHeader?, appName: String? = nil)
    -> TraceHeader
  {
    TraceHeader(
      recorderVersion: "replay \(command) \(ReplayMain.version)",
      appName: appName ?? input?.appName ?? "",
      startWallClockNanoseconds: input?.startWallClockNanoseconds)
  }

  /// `events` in the JSON Lines export form, a line each.
  static func jsonLines(_ events: [Event]) -> [UInt8] {
    var text = JSONText(reservingCapacity: events.count * 128)
    for event in events {
      event.writeJSONLine(to: &text)
      text.append("\n")
    }
    return text.takeBytes()
  }

  /// Writes `events` to `path` as JSON Lines in the export form.
  static func writeJSONLines(_ events: [Event], to path: String) throws(TraceError) {
    try write(Data(jsonLines(events)), to: path)
  }

  /// Writes `data` to `path`.
  static func write(_ data: Data, to path: String) throws(TraceError) {
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      throw TraceError(
        code: .unwritableFile,
        message: "cannot write the file: \(error.localizedDescription)", path: path)
    }
  }

  /// `1234567` as `1.2 MB`, `999` as `999 bytes`.
  static func size(_ bytes: Int) -> String {
    if bytes < 10_000 { return "\(bytes) bytes" }
    let units = ["KB", "MB", "GB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return "\(decimal(value, digits: value < 100 ? 1 : 0)) \(units[unit])"
  }

  /// `value` with `digits` digits after the point.
  static func decimal(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    guard digits > 0 else { return String(scaled) }
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    return "\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
  }

  /// `bytes / events` with two significant decimals below 10, one above.
  static func bytesPerEvent(_ bytes: Int, _ events: Int) -> String {
    let value = Double(bytes) / Double(max(events, 1))
    return decimal(value, digits: value < 10 ? 2 : 1)
  }

  /// The size of `events` as JSON Lines (the export form).
  static func jsonLinesSize(of events: [Event]) -> Int {
    var size = 0
    var line = JSONText()
    for event in events {
      event.writeJSONLine(to: &line)
      size += line.byteCount + 1
      line.removeAll()
    }
    return size
  }
}
