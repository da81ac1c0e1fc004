import Foundation
import SceneTrace
import SceneTraceFile

// `bench --scaling [--sizes 10000,100000,1000000] [--runs 3] [--json PATH] [--replay PATH]`:
// whether each cost of `replay check` grows linearly with the trace. For each size and each
// workload (the mixed session with short session ids, the same with UUID ids, the long pointer
// drags) the trace is written as a `.sctrace` file in a temporary folder (as `--write-sctrace`
// does; removed afterwards) and measured, each figure the best of `--runs` runs:
//
// - in process: the file streamed (`TraceFile.streamBatches`, one frame at a time, pointer
//   samples decoded as plain values) and replayed (`Replay.apply(moving:)`, `finish`) on one
//   thread, as `check` does without its decoding threads;
// - end to end: `replay check FILE` (the `replay` beside this `bench` unless `--replay` names
//   one) spawned with `Process`, output to /dev/null, its wall time, and its peak resident
//   memory from `/usr/bin/time -f %M` (GNU time reads the child's `ru_maxrss` from `wait4`;
//   `getrusage(RUSAGE_CHILDREN)` keeps the largest child's so far, not each child's). Exit
//   status 0 or 1 (findings) are both fine; any other stops the run;
// - `zstd -d -c FILE > /dev/null`, for scale, when a `zstd` command is on the PATH;
// - the file's size.
//
//   nice -n 10 swift build -c release   # both products: `--product` builds only the last one
//   .build/release/bench --scaling --json /tmp/scaling.json
//   tools/check-bench-scaling /tmp/scaling.json
//
// The JSON document (written to `--json PATH`, else printed after the table); its keys are kept
// stable for scripts, and a change to them changes `version`:
//
//   format        "scenetrace-bench-scaling"         version  1
//   runs          runs a figure is the best of       sizes    the event counts, ascending
//   replay        the `replay` binary measured       zstd     the `zstd` command, or null
//   peakMemory    how peak memory was read ("/usr/bin/time -f %M"), or null where it was not
//   limits        linearRatio 1.5, boundedRatio 2, boundedBytes 100000000
//   workloads     [{ name ("mixed", "mixed-uuid", "drag"), description,
//                    sizes: [{ events, fileBytes, fileBytesPerEvent,
//                              inProcess: { seconds, eventsPerSecond, nanosecondsPerEvent },
//                              check: { seconds, nanosecondsPerEvent, peakResidentBytes|null,
//                                       exitStatus },
//                              zstd: { seconds, nanosecondsPerEvent } | null,
//                              checkOverZstd|null }],
//                    growth: { inProcessNanosecondsPerEvent, checkNanosecondsPerEvent,
//                              zstdNanosecondsPerEvent, fileBytesPerEvent, checkPeakResidentBytes
//                    } }]
//
// Each `growth` entry holds `smallest` and `largest` (the figure at the smallest and the largest
// size), `ratio` (largest / smallest) and a verdict: `linear` (ratio ≤ linearRatio) for a cost
// per event, `bounded` (ratio ≤ boundedRatio or largest ≤ boundedBytes) for peak memory. An entry
// whose figure was not measured (no zstd, no /usr/bin/time) is left out. Timings on a shared
// machine are noisy, and the end-to-end figures at 10^4 events are mostly the process's start.

/// Runs the scaling mode when the arguments ask for it; false when they do not.
func runScaling(_ arguments: [String]) throws -> Bool {
  guard arguments.contains("--scaling") else { return false }
  let usage = "usage: bench --scaling [--sizes N,N,...] [--runs N] [--json PATH] [--replay PATH]"
  let sizes = argument(after: "--sizes", in: arguments).map {
    $0.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }.sorted()
  }
  let runs = argument(after: "--runs", in: arguments).map { Int($0) ?? 0 } ?? 3
  guard sizes.map({ !$0.isEmpty }) ?? true, runs > 0 else {
    print(usage)
    return true
  }
  let replay = argument(after: "--replay", in: arguments) ?? besideThisExecutable("replay")
  guard FileManager.default.isExecutableFile(atPath: replay) else {
    print("no `replay` at \(replay): build it (`swift build -c release`) or name it with --replay")
    return true
  }
  var scaling = Scaling(
    sizes: sizes ?? [10_000, 100_000, 1_000_000], runs: runs, replay: replay,
    zstd: onPath("zstd"))
  do {
    try scaling.measure()
  } catch let failure as ScalingFailure {
    FileHandle.standardError.write(Data("bench --scaling: \(failure.message)\n".utf8))
    exit(2)
  }
  scaling.printTable()
  let json = scaling.json.serialized(pretty: true) + "\n"
  if let path = argument(after: "--json", in: arguments) {
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    print("wrote \(path)")
  } else {
    print(json, terminator: "")
  }
  return true
}

/// The traces the scaling mode writes at each size.
private enum ScalingWorkload: CaseIterable {
  case mixed, mixedUUID, drag

  /// Its name in the JSON document.
  var name: String {
    switch self {
    case .mixed: "mixed"
    case .mixedUUID: "mixed-uuid"
    case .drag: "drag"
    }
  }

  /// What it is, as the table and the JSON document's `description` say it.
  var description: String {
    switch self {
    case .mixed: "mixed session, short session ids"
    case .mixedUUID: "mixed session, UUID session ids"
    case .drag: "long pointer drags, 0.5 pt grid"
    }
  }

  /// Its first `count` events.
  func events(_ count: Int) -> [Event] {
    switch self {
    case .mixed: Workload.mixedSession(events: count)
    case .mixedUUID: Workload.mixedSession(events: count, sessionNames: .uuid)
    case .drag: Workload.longDrag(samples: count, pixelAligned: true)
    }
  }
}

/// What one workload measured at one size; times in seconds, the best of the runs.
private struct ScalingPoint {
  var events: Int
  var fileBytes: Int
  var inProcess: Double
  var check: Double
  var checkPeakBytes: Int?
  var checkStatus: Int32
  var zstd: Double?

  /// `seconds` per event, in nanoseconds.
  func perEvent(_ seconds: Double) -> Double { seconds / Double(events) * 1e9 }
}

/// The scaling measurement: its settings, and what it measured so far.
private struct Scaling {
  static let linearRatio = 1.5
  static let boundedRatio = 2.0
  static let boundedBytes = 100_000_000
  static let peakMemoryCommand = "/usr/bin/time"

  let sizes: [Int]
  let runs: Int
  let replay: String
  let zstd: String?
  var points: [(ScalingWorkload, [ScalingPoint])] = []

  var measuresMemory: Bool { FileManager.default.isExecutableFile(atPath: Self.peakMemoryCommand) }

  mutating func measure() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-scaling-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for workload in ScalingWorkload.allCases {
      var measured: [ScalingPoint] = []
      for size in sizes {
        let path = directory.appendingPathComponent("\(workload.name)-\(size).sctrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try writeSctrace(workload.events(size), to: path)
        measured.append(try measure(path, events: size, fileBytes: bytes))
        FileHandle.standardError.write(Data("measured \(workload.name), \(size) events\n".utf8))
      }
      points.append((workload, measured))
    }
  }

  private func measure(_ path: String, events: Int, fileBytes: Int) throws -> ScalingPoint {
    let inProcess = try seconds(runs: runs) { try streamAndReplay(path) }
    var check = ChildRun(seconds: .infinity, status: 0, peakBytes: nil, errors: "")
    for _ in 0..<runs {
      let run = try ChildRun(replay, ["check", path], peakMemory: measuresMemory)
      guard run.status == 0 || run.status == 1 else {
        throw ScalingFailure(
          message: "`replay check \(path)` exited with status \(run.status): \(run.errors)")
      }
      check.seconds = min(check.seconds, run.seconds)
      check.status = run.status
      check.peakBytes = [check.peakBytes, run.peakBytes].compactMap { $0 }.min()
    }
    let zstd = try self.zstd.map { command in
      var best = Double.infinity
      for _ in 0..<runs {
        let run = try ChildRun(command, ["-d", "-c", path], peakMemory: false)
        guard run.status == 0 else {
          throw ScalingFailure(
            message: "`zstd -d -c \(path)` exited with status \(run.status): \(run.errors)")
        }
        best = min(best, run.seconds)
      }
      return best
    }
    return ScalingPoint(
      events: events, fileBytes: fileBytes, inProcess: inProcess, check: check.seconds,
      checkPeakBytes: check.peakBytes, checkStatus: check.status, zstd: zstd)
  }
}

extension Scaling {
  /// The costs per event, each a function of a point, as the JSON names them.
  private static let costs: [(String, @Sendable (ScalingPoint) -> Double?)] = [
    ("inProcessNanosecondsPerEvent", { $0.perEvent($0.inProcess) }),
    ("checkNanosecondsPerEvent", { $0.perEvent($0.check) }),
    ("zstdNanosecondsPerEvent", { point in point.zstd.map(point.perEvent) }),
    ("fileBytesPerEvent", { Double($0.fileBytes) / Double($0.events) }),
  ]

  /// The growth of each cost and of the memory from the smallest size to the largest.
  private func growth(_ measured: [ScalingPoint]) -> [(String, JSONValue)] {
    guard let first = measured.first, let last = measured.last else { return [] }
    var entries: [(String, JSONValue)] = []
    for (name, cost) in Self.costs {
      guard let smallest = cost(first), let largest = cost(last) else { continue }
      let ratio = largest / smallest
      entries.append(
        (
          name,
          [
            "smallest": JSONValue(smallest), "largest": JSONValue(largest),
            "ratio": JSONValue(ratio), "linear": .bool(ratio <= Self.linearRatio),
          ]
        ))
    }
    if let smallest = first.checkPeakBytes, let largest = last.checkPeakBytes {
      let ratio = Double(largest) / Double(smallest)
      let bounded = ratio <= Self.boundedRatio || largest <= Self.boundedBytes
      entries.append(
        (
          "checkPeakResidentBytes",
          [
            "smallest": JSONValue(smallest), "largest": JSONValue(largest),
            "ratio": JSONValue(ratio), "bounded": .bool(bounded),
          ]
        ))
    }
    return entries
  }

  /// The JSON document the header comment describes.
  var json: JSONValue {
    let workloads = points.map { workload, measured in
      JSONValue.object(
        [
          "name": .string(workload.name), "description": .string(workload.description),
          "sizes": .array(measured.map(Self.json)),
          "growth": .object(JSONObject(growth(measured))),
        ])
    }
    return .object(
      [
        "format": "scenetrace-bench-scaling", "version": JSONValue(1), "runs": JSONValue(runs),
        "sizes": .array(sizes.map { JSONValue($0) }), "replay": .string(replay),
        "zstd": JSONValue(zstd),
        "peakMemory": JSONValue(measuresMemory ? "\(Self.peakMemoryCommand) -f %M" : nil),
        "limits": [
          "linearRatio": JSONValue(Self.linearRatio), "boundedRatio": JSONValue(Self.boundedRatio),
          "boundedBytes": JSONValue(Self.boundedBytes),
        ],
        "workloads": .array(workloads),
      ])
  }

  private static func json(_ point: ScalingPoint) -> JSONValue {
    let timing = { (seconds: Double) -> JSONValue in
      ["seconds": JSONValue(seconds), "nanosecondsPerEvent": JSONValue(point.perEvent(seconds))]
    }
    return [
      "events": JSONValue(point.events), "fileBytes": JSONValue(point.fileBytes),
      "fileBytesPerEvent": JSONValue(Double(point.fileBytes) / Double(point.events)),
      "inProcess": [
        "seconds": JSONValue(point.inProcess),
        "eventsPerSecond": JSONValue(Double(point.events) / point.inProcess),
        "nanosecondsPerEvent": JSONValue(point.perEvent(point.inProcess)),
      ],
      "check": [
        "seconds": JSONValue(point.check),
        "nanosecondsPerEvent": JSONValue(point.perEvent(point.check)),
        "peakResidentBytes": point.checkPeakBytes.map { JSONValue($0) } ?? .null,
        "exitStatus": JSONValue(Int(point.checkStatus)),
      ],
      "zstd": point.zstd.map(timing) ?? .null,
      "checkOverZstd": point.zstd.map { JSONValue(point.check / $0) } ?? .null,
    ]
  }

  /// Prints a table a workload: each size's figures, then the growth of each.
  func printTable() {
    let columns = [
      "events", "bytes/ev", "in process", "ns/ev", "check", "ns/ev", "peak RSS", "zstd -d",
      "check/zstd",
    ]
    for (workload, measured) in points {
      print("")
      print("\(workload.description) (best of \(runs))")
      print(columns.map { pad($0, 11, left: true) }.joined())
      for point in measured {
        let cells = [
          String(point.events), format(Double(point.fileBytes) / Double(point.events)),
          rate(point.events, point.inProcess), format(point.perEvent(point.inProcess), digits: 0),
          format(point.check * 1000, digits: 1) + " ms",
          format(point.perEvent(point.check), digits: 0),
          point.checkPeakBytes.map { format(Double($0) / 1e6, digits: 1) + " MB" } ?? "n/a",
          point.zstd.map { format($0 * 1000, digits: 1) + " ms" } ?? "n/a",
          point.zstd.map { format(point.check / $0, digits: 1) + "×" } ?? "n/a",
        ]
        print(cells.map { pad($0, 11, left: true) }.joined())
      }
      for (name, entry) in growth(measured) {
        guard case .object(let object) = entry, case .number(let ratio)? = object["ratio"] else {
          continue
        }
        let verdict = object["linear"] ?? object["bounded"]
        let word = object["linear"] != nil ? "linear" : "bounded"
        print("  \(name): × \(ratio.prefix(5)), \(verdict == .bool(true) ? word : "NOT " + word)")
      }
    }
  }
}

/// A child process's wall time, exit status, standard error and, when asked, its peak resident
/// memory.
private struct ChildRun {
  var seconds: Double
  var status: Int32
  var peakBytes: Int?
  var errors: String

  init(seconds: Double, status: Int32, peakBytes: Int?, errors: String) {
    self.seconds = seconds
    self.status = status
    self.peakBytes = peakBytes
    self.errors = errors
  }

  /// Runs `executable` with `arguments`, its output to /dev/null and its standard error kept (a
  /// checked trace's losses are warned about there); through `/usr/bin/time -f %M` when
  /// `peakMemory` is true.
  init(_ executable: String, _ arguments: [String], peakMemory: Bool) throws {
    let process = Process()
    let temporary = FileManager.default.temporaryDirectory
    let report = temporary.appendingPathComponent("bench-scaling-rss-\(getpid())").path
    let errorPath = temporary.appendingPathComponent("bench-scaling-stderr-\(getpid())").path
    guard FileManager.default.createFile(atPath: errorPath, contents: nil),
      let errorFile = FileHandle(forWritingAtPath: errorPath)
    else { throw ScalingFailure(message: "cannot create \(errorPath)") }
    defer {
      try? errorFile.close()
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    if peakMemory {
      process.executableURL = URL(fileURLWithPath: Scaling.peakMemoryCommand)
      process.arguments = ["-f", "%M", "-o", report, executable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    }
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = errorFile
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let start = MonotonicClock.now()
    try process.run()
    exited.wait()
    seconds = Double(MonotonicClock.now() - start) / 1e9
    status = process.terminationStatus
    // Its last lines: what made it fail comes after the warnings.
    let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    errors = text.split(separator: "\n").suffix(3).joined(separator: "\n")
    guard peakMemory else { return }
    defer { try? FileManager.default.removeItem(atPath: report) }
    // GNU time writes "Command exited with non-zero status N" before the figure when it is not 0.
    let figures = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    let kilobytes = figures.split(separator: "\n").last.flatMap { Int($0) }
    peakBytes = kilobytes.map { $0 * 1024 }
  }
}

/// Why the scaling mode stopped.
private struct ScalingFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// The path of `name` in the folder of this executable.
private func besideThisExecutable(_ name: String) -> String {
  let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  return executable.deletingLastPathComponent().appendingPathComponent(name).path
}

/// The first executable `name` in the folders of `PATH`, if any.
private func onPath(_ name: String) -> String? {
  let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
