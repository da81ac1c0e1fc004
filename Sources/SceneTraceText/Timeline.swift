import SceneTrace

/// A trace laid out over time: the one model every picture of a trace draws (the terminal
/// chart of `replay timeline`, the Chrome trace of `replay export --format chrome-trace`, and
/// the SVG and HTML pictures of `replay timeline -o OUT.svg` and `-o OUT.html`).
///
/// It is built from the trace's events, their replay and the trace's loss by
/// ``init(events:findings:loss:)``; times are ``TraceTime``, seqs those of the trace.
package struct Timeline: Sendable {
  /// A stretch of time between two events.
  package struct Period: Hashable, Sendable {
    /// When it starts, and the seq of the event that starts it.
    package var start: TraceTime
    package var startSeq: Int
    /// When it ends, and the seq of the event that ends it (the last event's, when it runs to
    /// the end of the trace).
    package var end: TraceTime
    package var endSeq: Int

    /// How long it lasts.
    package var duration: Int64 { end.nanoseconds - start.nanoseconds }
  }

  /// A scene session's lane, in which its scenes live one after another.
  package struct Lane: Hashable, Sendable {
    /// The session.
    package var session: SessionID
    /// Its role, when the trace names it.
    package var role: SceneRole?
    /// Its scenes, one per connection, in order.
    package var scenes: [SceneLife]

    /// `W1 windowApplication`: the session and its role.
    package var label: String {
      role.map { "\(session.rawValue) \($0.rawValue)" } ?? session.rawValue
    }
  }

  /// One connected scene, from its connection to its disconnection (or the launch's end).
  package struct SceneLife: Hashable, Sendable {
    /// Which connection of the session it is, from 1.
    package var instance: Int
    /// Which launch it belongs to, an index into ``Timeline/launches``; nil before any launch.
    package var launch: Int?
    /// From connection to disconnection.
    package var lifetime: Period
    /// Its activation states over its lifetime, back to back, covering it exactly.
    package var spans: [StateSpan]
  }

  /// A scene in one activation state.
  package struct StateSpan: Hashable, Sendable {
    /// The state; nil while unknown (the trace met the scene mid-life).
    package var state: SceneActivation?
    /// When.
    package var period: Period
  }

  /// A period of one session's, such as being the key scene or a pointer drag.
  package struct SessionPeriod: Hashable, Sendable {
    /// The session.
    package var session: SessionID
    /// When.
    package var period: Period
  }

  /// A named period of one session's: a band selection in a view, or a window being the
  /// scene's key window.
  package struct NamedPeriod: Hashable, Sendable {
    /// The session.
    package var session: SessionID
    /// The view selected in, or the key window.
    package var name: String
    /// When.
    package var period: Period
  }

  /// An `app.launch`: a separator in every picture.
  package struct Launch: Hashable, Sendable {
    /// The launch's identifier.
    package var name: String
    /// The seq of its `app.launch`.
    package var seq: Int
    /// When.
    package var time: TraceTime
  }

  /// Something that happened at one event.
  package struct Mark: Hashable, Sendable {
    /// What kind of mark.
    package enum Kind: Hashable, Sendable {
      /// A key command was dispatched (`target` nil: no responder performed it).
      case keyCommand(input: String, modifiers: ModifierFlags, action: String, target: String?)
      /// The scene's focus moved.
      case focusChange(from: String?, to: String?)
      /// A rule found something.
      case finding(Finding)
      /// A breadcrumb the app added (`app.mark`).
      case appMark(label: String)
    }

    /// The event's seq.
    package var seq: Int
    /// When.
    package var time: TraceTime
    /// The session's lane it is drawn in; nil: the app's.
    package var session: SessionID?
    /// What it is.
    package var kind: Kind
  }

  /// An arrow from one lane's event to another's.
  package struct Link: Hashable, Sendable {
    /// What kind of link.
    package enum Kind: Hashable, Sendable {
      /// A drag from its `drag.begin` to its `drop.perform`.
      case dragAndDrop(drag: DragID)
      /// A shared-state write to a render of the value it wrote.
      case writeToRender(key: String, value: String)
    }

    /// What it links.
    package var kind: Kind
    /// The first end: its session, seq and time.
    package var fromSession: SessionID
    package var fromSeq: Int
    package var fromTime: TraceTime
    /// The second end.
    package var toSession: SessionID
    package var toSeq: Int
    package var toTime: TraceTime

    /// `drag d1: seq 4 A → drop seq 9 B`, or `k = v: written seq 3 A, rendered seq 5 B`.
    package var summary: String {
      switch kind {
      case .dragAndDrop(let drag):
        "drag \(drag.rawValue): seq \(fromSeq) \(fromSession.rawValue) → drop seq \(toSeq) "
          + toSession.rawValue
      case .writeToRender(let key, let value):
        "\(key) = \(value): written seq \(fromSeq) \(fromSession.rawValue), rendered seq "
          + "\(toSeq) \(toSession.rawValue)"
      }
    }
  }

  /// A lost stretch, placed in time: from the last event seen before it to the first after.
  package struct Loss: Hashable, Sendable {
    /// The stretch.
    package var stretch: LostStretch
    /// The time it covers.
    package var period: Period

    /// `events lost (drop) after seq 4, before seq 5: not quiet time`.
    package var summary: String {
      var text = "events lost (\(stretch.kind.rawValue)) after seq \(stretch.afterSeq)"
      if let before = stretch.beforeSeq { text += ", before seq \(before)" }
      return text + ": not quiet time"
    }
  }

  /// The first and last events' seqs and times.
  package var extent: Period
  /// A lane per session, in natural order of first appearance.
  package var lanes: [Lane]
  /// Every `app.launch`, in order.
  package var launches: [Launch]
  /// The periods a scene was the app's key scene.
  package var keyScenes: [SessionPeriod]
  /// The periods a window was its scene's key window (`window.becomeKey`), in order of start.
  package var keyWindows: [NamedPeriod]
  /// The pointer drags, from `began` to `ended` or `cancelled`.
  package var pointerDrags: [SessionPeriod]
  /// The band selections, from `began` to `ended` (or the scene's end), in order of start.
  package var bandSelections: [NamedPeriod]
  /// Key commands, focus changes, findings and app marks, in seq order.
  package var marks: [Mark]
  /// Drag-and-drop and write→render links, in the order of their second ends.
  package var links: [Link]
  /// The lost stretches.
  package var losses: [Loss]

  /// The lanes of `sessions`, or when nil, the lanes with a scene in `window`'s time.
  package func lanes(drawnIn window: TimelineText.Window, sessions: [SessionID]?) -> [Lane] {
    lanes.filter { lane in
      if let sessions { return sessions.contains(lane.session) }
      return lane.scenes.contains {
        $0.lifetime.start <= window.times.upperBound && $0.lifetime.end >= window.times.lowerBound
      }
    }
  }

  /// The periods each lane draws besides its scenes, grouped by session once: a long trace has
  /// thousands of lanes, and every period and mark looked through for each lane made a picture
  /// quadratic (an SVG of 10^7 events and 20,933 lanes: 75 s).
  package struct LanePeriods {
    package var keyScenes: [SessionID: [Period]]
    package var keyWindows: [SessionID: [NamedPeriod]]
    package var pointerDrags: [SessionID: [Period]]
    package var bandSelections: [SessionID: [NamedPeriod]]

    package init(_ timeline: Timeline) {
      keyScenes = Dictionary(grouping: timeline.keyScenes, by: \.session).mapValues {
        $0.map(\.period)
      }
      keyWindows = Dictionary(grouping: timeline.keyWindows, by: \.session)
      pointerDrags = Dictionary(grouping: timeline.pointerDrags, by: \.session).mapValues {
        $0.map(\.period)
      }
      bandSelections = Dictionary(grouping: timeline.bandSelections, by: \.session)
    }
  }

  /// The findings among ``marks``.
  package var findings: [Finding] {
    marks.compactMap { mark in
      guard case .finding(let finding) = mark.kind else { return nil }
      return finding
    }
  }
}
