// `bench --corners [--sizes N,N] [--runs R]`: the traces that made parts of the rules' memory grow slower
// to use as a trace went on (quadratic or worse), replayed in process at two sizes each. For each
// it prints the time per unit of work at both sizes and their ratio, `linear` when the ratio is
// at most 1.5, and exits 1 when one is not. The unit is an event, except for the pairs, whose
// work is the pairs the rule reports (N(N−1)/2 of N sessions, folded into N−1 findings).
//
//   drags     a scene, N drags carrying one activity type, then N new sessions carrying it
//   discards  N sessions saving under keys of their own, disconnected, then discarded one by one
//   pairs     N sessions saving their restoration state under one key

import Foundation
import SceneTrace

/// A trace that once made the replay superlinear.
enum CornerWorkload: String, CaseIterable {
  case drags, discards, pairs

  /// The default sizes: N for each trace, small and large.
  var sizes: [Int] {
    switch self {
    case .drags, .discards: [10_000, 40_000]
    case .pairs: [200, 400]
    }
  }

  /// The units of work of a trace of size `n`, and what they are.
  func units(_ n: Int, events: Int) -> (count: Int, name: String) {
    self == .pairs ? (n * (n - 1) / 2, "pair") : (events, "event")
  }

  /// The events of the trace of size `n`: an `app.launch`, then events a millisecond apart.
  func events(_ n: Int) -> [Event] {
    var events: [Event] = []
    var time: Int64 = 0
    func add(_ payload: Event.Payload) {
      time += 1_000_000
      events.append(Event(seq: events.count + 1, time: TraceTime(nanoseconds: time), payload))
    }
    /// A new window that saves its restoration state under `key`.
    func addWindow(_ id: SessionID, savingUnder key: String) {
      add(.sessionConfigure(session: id, role: .windowApplication))
      add(.sceneWillConnect(session: id))
      add(.sceneSaveRestoration(session: id, key: key))
    }
    add(.appLaunch(launch: "L1", os: "17.4", supportsMultipleScenes: true))
    switch self {
    case .drags:
      add(.sessionConfigure(session: "A", role: .windowApplication))
      add(.sceneWillConnect(session: "A"))
      for index in 0..<n {
        add(.dragBegin(drag: DragID("d\(index)"), session: "A", activityType: "doc"))
        add(.dragEnd(drag: DragID("d\(index)"), operation: .cancel))
      }
      time += 10_000_000_000
      for index in 0..<n {
        add(
          .sessionConfigure(
            session: SessionID("S\(index)"), role: .windowApplication, activityType: "doc"))
      }
    case .discards:
      for index in 0..<n {
        addWindow(SessionID("S\(index)"), savingUnder: "restore.\(index)")
        add(.sceneDidDisconnect(session: SessionID("S\(index)")))
      }
      for index in 0..<n { add(.appDiscardSessions(sessions: [SessionID("S\(index)")])) }
    case .pairs:
      for index in 0..<n { addWindow(SessionID("S\(index)"), savingUnder: "restore.shared") }
    }
    return events
  }
}

/// Runs `bench --corners` when the arguments ask for it; false when they do not.
func runCorners(_ arguments: [String]) throws -> Bool {
  guard arguments.contains("--corners") else { return false }
  let sizes = argument(after: "--sizes", in: arguments).map {
    $0.split(separator: ",").compactMap { Int($0) }
  }
  let runs = option("--runs", in: arguments) ?? 3
  var allLinear = true
  print("trace      N        units           time     per unit   ratio  verdict")
  for workload in CornerWorkload.allCases {
    let (small, large) =
      sizes.map { ($0.first ?? 0, $0.last ?? 0) } ?? (workload.sizes[0], workload.sizes[1])
    guard small > 1, large > small else {
      print("usage: bench --corners [--sizes SMALL,LARGE] [--runs R]")
      return true
    }
    var perUnit: [Double] = []
    for n in [small, large] {
      let events = workload.events(n)
      let units = workload.units(n, events: events.count)
      let time = seconds(runs: runs) { _ = Replay.run(events) }
      perUnit.append(time / Double(units.count))
      print(
        workload.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
          + String(n).padding(toLength: 9, withPad: " ", startingAt: 0)
          + "\(units.count) \(units.name)s".padding(toLength: 14, withPad: " ", startingAt: 0)
          + String(format: "%8.3f s  %7.1f ns", time, perUnit.last! * 1e9))
    }
    let ratio = perUnit[1] / perUnit[0]
    let linear = ratio <= 1.5
    allLinear = allLinear && linear
    print(
      String(repeating: " ", count: 57)
        + String(format: "%5.2f  ", ratio) + (linear ? "linear" : "NOT LINEAR"))
  }
  if !allLinear { exit(1) }
  return true
}
