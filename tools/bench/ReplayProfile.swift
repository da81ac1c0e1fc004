import SceneTrace

// `bench --profile-replay N [--uuid | --drag]`: builds the mixed session of N events (with UUID
// session identifiers under `--uuid`; the long pointer drags under `--drag`) and replays it
// once, for callgrind. Only `replayForProfile` is
// counted, so two sizes subtracted give the instructions per event of the replay alone:
//
//   swift build -c release --product bench
//   cp .build/release/bench /tmp/bench && strip --strip-debug /tmp/bench  # valgrind 3.19: DWARF 5
//   for n in 20000 120000; do
//     SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
//       --toggle-collect='*replayForProfile*' --callgrind-out-file=callgrind.replay.$n \
//       /tmp/bench --profile-replay $n
//   done
//   callgrind_annotate --inclusive=yes callgrind.replay.120000 | swift demangle --simplified
//
// (Ir of 120000 − Ir of 20000) / 100000 is the figure; add `--uuid` (or `--drag`) to both runs
// for the UUID identifiers (or the drags). The README's Performance section keeps the figures.

/// Replays `events` from the start; kept out of line so that callgrind can count it alone.
@inline(never)
func replayForProfile(_ events: [Event]) -> Replay {
  Replay.run(events)
}

/// Runs the profiling mode when the arguments ask for it; false when they do not.
func runReplayProfile(_ arguments: [String]) -> Bool {
  guard let flag = arguments.firstIndex(of: "--profile-replay") else { return false }
  guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
    print("usage: bench --profile-replay EVENTS [--uuid | --drag]")
    return true
  }
  let identifiers: Workload.SessionNames = arguments.contains("--uuid") ? .uuid : .short
  let events =
    arguments.contains("--drag")
    ? Workload.longDrag(samples: count, pixelAligned: true)
    : Workload.mixedSession(events: count, sessionNames: identifiers)
  let replay = replayForProfile(events)
  print("replayed \(replay.state.seq) events: \(replay.findings.count) findings")
  return true
}
