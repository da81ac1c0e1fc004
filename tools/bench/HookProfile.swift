import Foundation
import SceneTrace
import SceneTraceRecording

// `bench --profile-hooks N [--hook drag|active|press|focus] [--uuid]`: calls one hook N times into a running
// recording whose writer discards the events, for callgrind. Only `hooksForProfile` on the
// calling thread is counted (the writer thread's work is not), so two sizes subtracted give the
// instructions per call of the hook alone:
//
//   swift build -c release --product bench
//   cp .build/release/bench /tmp/bench && strip --strip-debug /tmp/bench  # valgrind 3.19: DWARF 5
//   for n in 10000 60000; do
//     valgrind --tool=callgrind --toggle-collect='*hooksForProfile*' \
//       --callgrind-out-file=callgrind.hooks.$n /tmp/bench --profile-hooks $n
//   done
//   callgrind_annotate --inclusive=yes callgrind.hooks.60000 | swift demangle --simplified
//
// (Ir of 60000 − Ir of 10000) / 50000 is the figure. `--hook drag` (the default) calls
// `pointerDrag` with a short session identifier; `--hook active` calls `sceneDidBecomeActive`;
// `--hook press` calls `pressesDidChange` for Command-C (its phase and modifiers mapped from
// UIKit's raw values, as the UIKit adapter maps them), `--hook focus` `focusDidUpdate` to a
// named item; `--uuid` gives any of them a 36-character UUID session identifier, a string on
// the heap. The calls the hook makes to count references are callgrind's `calls` to
// `swift_retain`, `swift_release` and `swift_bridgeObjectRetain`/`Release` under it.

/// Which hook the profile calls, with what session identifier.
struct HookCall {
  var hook: String
  var session: String

  func callAll(_ recorder: SceneTraceRecorder, _ count: Int) {
    switch hook {
    case "active":
      for _ in 0..<count { recorder.sceneDidBecomeActive(session: session) }
    case "press":
      for _ in 0..<count {
        recorder.pressesDidChange(
          session: session, phase: PressPhase(uiKitRawValue: 0), keyCode: 6, characters: "c",
          modifiers: ModifierFlags(uiKitRawValue: 1 << 20))
      }
    case "focus":
      for _ in 0..<count { recorder.focusDidUpdate(session: session, to: "list", heading: .down) }
    default:
      for index in 0..<count {
        recorder.pointerDrag(session: session, phase: .changed, x: Double(index), y: 200)
      }
    }
  }
}

/// Calls the hook `count` times; kept out of line so that callgrind can count it alone.
@inline(never)
func hooksForProfile(_ call: HookCall, _ recorder: SceneTraceRecorder, _ count: Int) {
  call.callAll(recorder, count)
}

/// Runs the profiling mode when the arguments ask for it; false when they do not.
func runHookProfile(_ arguments: [String]) throws -> Bool {
  guard let flag = arguments.firstIndex(of: "--profile-hooks") else { return false }
  guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
    print("usage: bench --profile-hooks CALLS [--hook drag|active|press|focus] [--uuid]")
    return true
  }
  var hook = "drag"
  if let index = arguments.firstIndex(of: "--hook"), index + 1 < arguments.count {
    hook = arguments[index + 1]
  }
  let session = arguments.contains("--uuid") ? UUID().uuidString : "S1"
  var options = RecordingOptions()
  options.capacity = count + 1
  let recording = try Recording(sink: DiscardingSink(), options: options)
  hooksForProfile(HookCall(hook: hook, session: session), recording.recorder, count)
  recording.close()
  print("called \(hook) \(count) times, \(recording.droppedEvents) dropped")
  return true
}
