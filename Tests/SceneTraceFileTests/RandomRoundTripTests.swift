import SceneTrace
import SceneTraceFile
import Testing

/// Random events of every type, with edge values in every field.
struct RandomEvents {
  var generator: SplitMix64
  /// When set, sessions and drags are named from this list, as a real app names them.
  var identifiers: [String]?

  private static let texts = [
    "", "A", "B", "scene-1", "\"quoted\"", "back\\slash", "line\nbreak", "tab\there", "\u{0}",
    "\u{1F}", "é", "e\u{301}", "日本語", "🎉", "👩‍👩‍👧", "\u{7F}", "\u{2028}", "/slash/",
    "restoration:A.txt", "session:A/draft", "{\"json\":[1]}", String(repeating: "x", count: 300),
  ]

  private static let doubles: [Double] = [
    0, -0.0, 1, -1, 0.1, 0.5, 1024, 768.5, -3.25, 1e15, 1e16, 123_456_789.123_456_78, 1e-7,
    Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -1e300,
    Double.leastNormalMagnitude, 0.3,
  ]

  init(seed: UInt64, identifiers: [String]? = nil) {
    generator = SplitMix64(seed: seed)
    self.identifiers = identifiers
  }

  /// A session or drag name: from ``identifiers`` when set, any text otherwise.
  mutating func identifier() -> String {
    identifiers?.randomElement(using: &generator) ?? text()
  }

  mutating func bool() -> Bool { Bool.random(using: &generator) }

  mutating func int() -> Int {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: [0, -1, 1, Int.max, Int.min].randomElement(using: &generator) ?? 0
    case 1: Int.random(in: -100...100, using: &generator)
    default: Int.random(in: Int.min...Int.max, using: &generator)
    }
  }

  mutating func double() -> Double {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: return Self.doubles.randomElement(using: &generator) ?? 0
    case 1: return Double(Int.random(in: -5000...5000, using: &generator)) / 8
    case 2: return Double.random(in: -1e6...1e6, using: &generator)
    default:
      // Any finite bit pattern.
      var value = Double(bitPattern: generator.next())
      while !value.isFinite { value = Double(bitPattern: generator.next()) }
      return value
    }
  }

  mutating func text() -> String {
    if Int.random(in: 0..<5, using: &generator) == 0 {
      let scalars = (0..<Int.random(in: 0...8, using: &generator)).compactMap { _ in
        Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator))
      }
      return String(String.UnicodeScalarView(scalars))
    }
    return Self.texts.randomElement(using: &generator) ?? ""
  }

  mutating func maybe<T>(_ make: (inout Self) -> T) -> T? {
    bool() ? make(&self) : nil
  }

  mutating func session() -> SessionID { SessionID(identifier()) }
  mutating func texts() -> [String] {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in text() }
  }
  mutating func sessions() -> [SessionID] {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in session() }
  }

  /// A known value, or (one time in four) an unknown spelling.
  mutating func value<Value: OpenEnumeration>(_ type: Value.Type = Value.self) -> Value {
    if Int.random(in: 0..<4, using: &generator) == 0 {
      return Value(rawValue: "future-" + text())
    }
    return Value.recognizedCases.randomElement(using: &generator) ?? Value(rawValue: "")
  }

  mutating func modifiers() -> ModifierFlags {
    ModifierFlags((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(Modifier.self) })
  }

  mutating func rect() -> Rect {
    Rect(x: double(), y: double(), width: double(), height: double())
  }

  // swift-format-ignore
  mutating func payload(_ type: EventType) -> Event.Payload {
    switch type {
    case .appLaunch:
      .appLaunch(launch: text(), os: maybe { $0.text() }, sdk: maybe { $0.text() },
        supportsMultipleScenes: maybe { $0.bool() }, activityTypes: maybe { $0.texts() },
        openSessions: maybe { $0.sessions() })
    case .appTerminate: .appTerminate
    case .appKeyWindow: .appKeyWindow(session: maybe { $0.session() }, window: maybe { $0.text() })
    case .sessionConfigure:
      .sessionConfigure(session: session(), role: value(), activityType: maybe { $0.text() })
    case .appDiscardSessions: .appDiscardSessions(sessions: sessions())
    case .sceneWillConnect:
      .sceneWillConnect(session: session(), role: maybe { $0.value() },
        activityType: maybe { $0.text() }, hasRestorationActivity: maybe { $0.bool() })
    case .sceneWillEnterForeground: .sceneWillEnterForeground(session: session())
    case .sceneDidBecomeActive: .sceneDidBecomeActive(session: session())
    case .sceneWillResignActive: .sceneWillResignActive(session: session())
    case .sceneDidEnterBackground: .sceneDidEnterBackground(session: session())
    case .sceneDidDisconnect: .sceneDidDisconnect(session: session())
    case .sceneSaveRestoration:
      .sceneSaveRestoration(session: session(), activityType: maybe { $0.text() },
        key: maybe { $0.text() })
    case .sceneRestoreInteractionState: .sceneRestoreInteractionState(session: session())
    case .sceneExtendRestoration: .sceneExtendRestoration(session: session())
    case .sceneCompleteRestoration: .sceneCompleteRestoration(session: session())
    case .sceneGeometry:
      .sceneGeometry(session: session(), width: double(), height: double(),
        orientation: maybe { $0.value() }, horizontalSizeClass: maybe { $0.value() })
    case .windowBecomeKey: .windowBecomeKey(session: session(), window: text())
    case .requestActivate:
      .requestActivate(request: text(), session: maybe { $0.session() },
        activityType: maybe { $0.text() }, style: maybe { $0.value() },
        requester: maybe { $0.session() })
    case .requestFailed: .requestFailed(request: text(), code: int())
    case .requestDestroy:
      .requestDestroy(request: text(), session: session(), animation: maybe { $0.value() })
    case .keyPress:
      .keyPress(session: session(), phase: value(), keyCode: int(),
        characters: maybe { $0.text() }, modifiers: modifiers())
    case .keyCommand:
      .keyCommand(session: session(), input: text(), modifiers: modifiers(), action: text(),
        title: maybe { $0.text() }, target: maybe { $0.text() }, chain: maybe { $0.texts() },
        wantsPriority: maybe { $0.bool() })
    case .responderFirst:
      .responderFirst(session: session(), window: maybe { $0.text() },
        responder: maybe { $0.text() })
    case .focusUpdate:
      .focusUpdate(session: session(), from: maybe { $0.text() }, to: maybe { $0.text() },
        heading: maybe { $0.value() }, group: maybe { $0.text() })
    case .pointerDrag:
      .pointerDrag(session: session(), phase: value(), x: double(), y: double(),
        modifiers: modifiers(), latching: maybe { $0.value() }, region: maybe { $0.text() })
    case .bandSelection:
      .bandSelection(session: session(), view: text(), state: value(),
        rect: maybe { $0.rect() }, modifiers: modifiers(), items: maybe { $0.texts() })
    case .selectionChange:
      .selectionChange(session: session(), view: text(), items: texts(),
        cause: maybe { $0.value() })
    case .dragBegin:
      .dragBegin(drag: DragID(identifier()), session: session(), activityType: maybe { $0.text() })
    case .dragEnd: .dragEnd(drag: DragID(identifier()), operation: maybe { $0.value() })
    case .dropPerform: .dropPerform(drag: DragID(identifier()), session: session(), local: bool())
    case .stateWrite: .stateWrite(key: text(), value: text(), session: maybe { $0.session() })
    case .stateDelete: .stateDelete(key: text(), session: maybe { $0.session() })
    case .stateRender: .stateRender(session: session(), key: text(), value: text())
    case .contentDisplay:
      .contentDisplay(session: session(), content: maybe { $0.text() },
        exclusive: maybe { $0.bool() })
    case .traceGap: .traceGap(dropped: int())
    case .appMark: .appMark(label: text())
    }
  }

  /// `count` events cycling through every type, at non-decreasing random times.
  mutating func events(count: Int) -> [Event] {
    var time: Int64 = 0
    return (0..<count).map { index in
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: break
      case 1: time += Int64.random(in: 0...1_000_000_000, using: &generator)
      case 2: time += Int64.random(in: 0...1000, using: &generator)
      default: time += Int64.random(in: 0...(Int64.max - time) / 1000, using: &generator)
      }
      let type = EventType.allCases[index % EventType.allCases.count]
      return Event(seq: index + 1, time: TraceTime(nanoseconds: time), payload(type))
    }
  }
}

@Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
func randomEventsSurviveExportAndImport(seed: UInt64) throws {
  var random = RandomEvents(seed: seed)
  let events = random.events(count: 1500)
  let text = events.map(\.jsonLine).joined(separator: "\n") + "\n"
  let trace = try decode(text)
  #expect(trace.truncation == nil)
  #expect(trace.events.count == events.count)
  for (read, written) in zip(trace.events, events) where read != written {
    Issue.record("seq \(written.seq): wrote \(written.jsonLine), read \(read.jsonLine)")
  }
  #expect(trace.events.map(\.jsonLine) == events.map(\.jsonLine))
}

@Test func theLatestTimeATraceCanHoldSurvivesExportAndImport() throws {
  let event = Event(seq: 1, time: TraceTime(nanoseconds: .max), .appTerminate)
  #expect(event.jsonLine == #"{"seq":1,"t":9223372036.854775807,"type":"app.terminate"}"#)
  #expect(try decode(event.jsonLine).events == [event])
}
