import Foundation

// The loop any Swift developer would write to read a trace: one flat `Codable` struct with a
// property per JSON key, and Foundation's `JSONDecoder` on each line. It checks nothing and
// rebuilds no state: the baseline that the reader and the reducer are compared with.

/// Every key of a JSON Lines event, as a plain `Codable` struct would declare it.
struct PlainLoggedEvent: Codable {
  var type: String
  var t: Double?
  var session: String?
  var sessions: [String]?
  var openSessions: [String]?
  var launch: String?
  var os: String?
  var sdk: String?
  var supportsMultipleScenes: Bool?
  var activityTypes: [String]?
  var activityType: String?
  var role: String?
  var hasRestorationActivity: Bool?
  var key: String?
  var value: String?
  var window: String?
  var responder: String?
  var width: Double?
  var height: Double?
  var orientation: String?
  var horizontalSizeClass: String?
  var content: String?
  var exclusive: Bool?
  var label: String?
  var dropped: Int?
  var request: String?
  var requester: String?
  var style: String?
  var animation: String?
  var code: Int?
  var phase: String?
  var keyCode: Int?
  var characters: String?
  var modifiers: [String]?
  var input: String?
  var action: String?
  var title: String?
  var target: String?
  var chain: [String]?
  var wantsPriority: Bool?
  var from: String?
  var to: String?
  var heading: String?
  var group: String?
  var x: Double?
  var y: Double?
  var latching: String?
  var region: String?
  var view: String?
  var state: String?
  var rect: [Double]?
  var items: [String]?
  var cause: String?
  var drag: String?
  var local: Bool?
  var operation: String?
}

/// Decodes each line of `jsonLines` with `JSONDecoder`; the number of events decoded.
func decodeWithCodable(_ jsonLines: [UInt8]) throws -> Int {
  let decoder = JSONDecoder()
  var count = 0
  for line in jsonLines.split(separator: UInt8(ascii: "\n")) {
    _ = try decoder.decode(PlainLoggedEvent.self, from: Data(line))
    count += 1
  }
  return count
}
