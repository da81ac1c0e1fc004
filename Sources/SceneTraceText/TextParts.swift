/// A long text handed on a part at a time: pieces are appended to the part under way, which is
/// handed to `write` once it holds 64 KiB or more where the writer says a piece ends
/// (``endPiece()``), so that no row or element is cut; ``finish()`` hands on what is left.
struct TextParts {
  private static let partSize = 1 << 16
  private var part = ""
  private let write: (String) -> Void

  init(write: @escaping (String) -> Void) {
    self.write = write
  }

  static func += (parts: inout TextParts, piece: String) {
    parts.part += piece
  }

  /// Hands on the part under way if it holds 64 KiB or more.
  mutating func endPiece() {
    guard part.utf8.count >= Self.partSize else { return }
    write(part)
    part = ""
  }

  /// Hands on what is left, if anything.
  mutating func finish() {
    guard !part.isEmpty else { return }
    write(part)
    part = ""
  }
}
