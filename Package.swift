// swift-tools-version: 6.0
import PackageDescription

// `SCENETRACE_WITHOUT_ZSTD=1` builds without libzstd, as on iOS: the writer then emits zstd frames
// of raw blocks and the reader decodes raw and RLE blocks in Swift. CI builds it this way too.
let withoutZstd = Context.environment["SCENETRACE_WITHOUT_ZSTD"] == "1"

// `SCENETRACE_FUZZ=1` adds the libFuzzer targets of tools/fuzz-targets; tools/fuzz builds them
// with `-sanitize=fuzzer,address` (they do not link without it). lld links them: gold cannot.
let fuzzing = Context.environment["SCENETRACE_FUZZ"] == "1"

let zstdTargets: [Target] =
  withoutZstd
  ? []
  : [
    // libzstd, behind a module map and one shim header.
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
    )
  ]

let zstdDependencies: [Target.Dependency] =
  withoutZstd ? [] : [.target(name: "CZstd", condition: .when(platforms: [.linux, .macOS]))]

// Each folder of a target opens with a README.md saying what it owns; they are not sources.
func folderNotes(_ folders: [String]) -> [String] { folders.map { "\($0)/README.md" } }

let fuzzTargets: [Target] =
  !fuzzing
  ? []
  : [
    .systemLibrary(name: "CFuzzer", path: "tools/fuzz-targets/CFuzzer"),
    .target(name: "FuzzDriver", dependencies: ["CFuzzer"], path: "tools/fuzz-targets/FuzzDriver"),
  ]
    + ["fuzz-sctrace", "fuzz-jsonl", "fuzz-replay"].map { name in
      .executableTarget(
        name: name, dependencies: ["FuzzDriver", "SceneTrace", "SceneTraceFile"],
        path: "tools/fuzz-targets/\(name)", linkerSettings: [.unsafeFlags(["-use-ld=lld"])])
    }

let package = Package(
  name: "SceneTrace",
  platforms: [.macOS(.v12), .iOS(.v15)],
  products: [
    .library(name: "SceneTrace", targets: ["SceneTrace"]),
    .library(name: "SceneTraceFile", targets: ["SceneTraceFile"]),
    .library(name: "SceneTraceRecording", targets: ["SceneTraceRecording"]),
    .library(name: "SceneTraceSimulator", targets: ["SceneTraceSimulator"]),
    .library(name: "SceneTraceTesting", targets: ["SceneTraceTesting"]),
    .executable(name: "replay", targets: ["replay"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    // Deque and ordered sets where hand-written code kept queues and ordered maps; FileDescriptor
    // for the file reading and writing that was hand-written over the C library.
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    // SceneTraceTesting: golden files with the record modes iOS developers know, value diffs, and
    // failures that reach either test runner. Only the SnapshotTesting target is built: it needs
    // no swift-syntax.
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: zstdTargets + fuzzTargets + [
    // The event model, the state model, the reducer and its rules: pure Swift, no I/O.
    .target(
      name: "SceneTrace",
      exclude: folderNotes(["Model", "State", "Reducer", "Rules", "Shrinking", "Privacy"])
    ),

    // Reading and writing traces: the .sctrace format, JSON Lines (plain or zstd-compressed),
    // the state JSON.
    .target(
      name: "SceneTraceFile",
      dependencies: [
        "SceneTrace", .product(name: "SystemPackage", package: "swift-system"),
      ] + zstdDependencies,
      exclude: folderNotes([
        "JSON", "Compression", "EventCodec", "JSONLines", "Container", "Reading", "Writing",
        "Baselines",
      ])
    ),

    // The processor's time-stamp counter, which hooks read on Linux on x86-64 (one header).
    .systemLibrary(name: "CTimestampCounter"),

    // The hooks apps call, the buffer behind them and the thread that writes it.
    .target(
      name: "SceneTraceRecording",
      dependencies: [
        "SceneTrace",
        "SceneTraceFile",
        .product(name: "Atomics", package: "swift-atomics"),
        .target(name: "CTimestampCounter", condition: .when(platforms: [.linux])),
      ]
    ),

    // Readable text of events, states and findings, shared by `replay` and SceneTraceTesting.
    .target(
      name: "SceneTraceText",
      dependencies: [
        "SceneTrace", "SceneTraceFile",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),

    // Regression tests from traces, under Swift Testing and XCTest: replay, assert findings and
    // states, golden files.
    .target(
      name: "SceneTraceTesting",
      dependencies: [
        "SceneTrace",
        "SceneTraceFile",
        "SceneTraceText",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Lets IssueReporting reach Swift Testing and XCTest without the app's test target
        // naming it.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),

    // A model of iPadOS driving an example app that records through the hooks.
    .target(name: "SceneTraceSimulator", dependencies: ["SceneTrace", "SceneTraceRecording"]),

    // The `replay` command line tool; `replay`'s main only calls it.
    .target(
      name: "ReplayCLI",
      dependencies: [
        "SceneTrace",
        "SceneTraceFile",
        "SceneTraceRecording",
        "SceneTraceSimulator",
        "SceneTraceText",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "replay", dependencies: ["ReplayCLI"]),

    // Bytes per event and throughput, side by side: `swift run -c release bench`.
    .executableTarget(
      name: "bench",
      dependencies: ["SceneTrace", "SceneTraceFile", "SceneTraceRecording"],
      path: "tools/bench"
    ),

    // The one description of every event type, and the generator that writes the event model,
    // the codecs, the format article's tables, the JSON Schema and the tests' random events
    // from it: `swift run generate-events` (`--check` in CI).
    .target(name: "EventDescription"),
    .executableTarget(
      name: "generate-events", dependencies: ["EventDescription"], path: "tools/generate-events"),

    // What the test targets share: random events drawn from the event table, a JSON Schema
    // validator and the package's folders.
    .target(
      name: "SceneTraceTestSupport", dependencies: ["SceneTrace", "SceneTraceFile"],
      path: "Tests/SceneTraceTestSupport"),

    .testTarget(name: "SceneTraceTests", dependencies: ["SceneTrace", "SceneTraceTestSupport"]),
    .testTarget(
      name: "SceneTraceFileTests",
      dependencies: [
        "SceneTrace", "SceneTraceFile", "SceneTraceTestSupport", "EventDescription",
      ]),
    .testTarget(
      name: "SceneTraceRecordingTests",
      dependencies: [
        "SceneTrace", "SceneTraceFile", "SceneTraceRecording", "SceneTraceTestSupport",
        "record-until-killed",
      ]),

    // A process the recorder tests kill in the middle of a recording.
    .executableTarget(
      name: "record-until-killed", dependencies: ["SceneTraceRecording"],
      path: "tools/record-until-killed"),
    .testTarget(
      name: "SceneTraceSimulatorTests",
      dependencies: [
        "SceneTrace", "SceneTraceFile", "SceneTraceRecording", "SceneTraceSimulator",
        "SceneTraceTestSupport",
      ]),
    .testTarget(
      name: "SceneTraceTestingTests",
      dependencies: [
        "SceneTrace", "SceneTraceFile", "SceneTraceRecording", "SceneTraceTesting",
        "SceneTraceSimulator", "SceneTraceTestSupport",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "ReplayCLITests",
      dependencies: [
        "ReplayCLI", "replay", "SceneTrace", "SceneTraceFile", "SceneTraceTesting", "SceneTraceText",
        "SceneTraceTestSupport",
      ],
      resources: []
    ),
  ]
)
