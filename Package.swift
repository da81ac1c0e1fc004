// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SceneTrace",
  platforms: [.macOS(.v12), .iOS(.v15)],
  products: [
    .library(name: "SceneTrace", targets: ["SceneTrace"]),
    .library(name: "SceneTraceFile", targets: ["SceneTraceFile"]),
    .library(name: "SceneTraceRecorder", targets: ["SceneTraceRecorder"]),
    .library(name: "SceneTraceSimulator", targets: ["SceneTraceSimulator"]),
    .executable(name: "replay", targets: ["replay"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
  ],
  targets: [
    // The event model, the state model, the reducer and its rules: pure Swift, no I/O.
    .target(name: "SceneTrace"),

    // libzstd, behind a module map and one shim header.
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
    ),

    // Reading and writing traces: JSON Lines (plain or zstd-compressed), the state JSON.
    .target(
      name: "SceneTraceFile",
      dependencies: [
        "SceneTrace",
        .target(name: "CZstd", condition: .when(platforms: [.linux, .macOS])),
      ]
    ),

    // The hooks apps call, the buffer behind them and the thread that writes it.
    .target(
      name: "SceneTraceRecorder",
      dependencies: [
        "SceneTrace",
        .product(name: "Atomics", package: "swift-atomics"),
      ]
    ),

    // A model of iPadOS driving an example app that records through the hooks.
    .target(name: "SceneTraceSimulator", dependencies: ["SceneTrace", "SceneTraceRecorder"]),

    // The `replay` command line tool; `replay`'s main only calls it.
    .target(
      name: "ReplayCLI",
      dependencies: [
        "SceneTrace",
        "SceneTraceFile",
        "SceneTraceRecorder",
        "SceneTraceSimulator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "replay", dependencies: ["ReplayCLI"]),

    .testTarget(name: "SceneTraceTests", dependencies: ["SceneTrace"]),
    .testTarget(name: "SceneTraceFileTests", dependencies: ["SceneTrace", "SceneTraceFile"]),
    .testTarget(
      name: "SceneTraceRecorderTests", dependencies: ["SceneTrace", "SceneTraceRecorder"]),
    .testTarget(
      name: "SceneTraceSimulatorTests",
      dependencies: ["SceneTrace", "SceneTraceRecorder", "SceneTraceSimulator"]),
    .testTarget(
      name: "ReplayCLITests",
      dependencies: ["ReplayCLI", "replay"],
      resources: []
    ),
  ]
)
