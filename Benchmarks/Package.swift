// swift-tools-version: 6.1
import PackageDescription

// The hook's cost, measured with package-benchmark: a package of its own, so that the library's
// users never resolve the benchmark's dependencies. From this folder: `swift package benchmark`.
let package = Package(
  name: "SceneTraceBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // Named, so that its products resolve whatever the checkout's folder is called.
    .package(name: "SceneTrace", path: ".."),
    // Only the malloc interposer: the RuntimeInterposer trait's package is not resolved.
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "HookCost",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "SceneTrace", package: "SceneTrace"),
        .product(name: "SceneTraceRecording", package: "SceneTrace"),
      ],
      path: "Benchmarks/HookCost",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
