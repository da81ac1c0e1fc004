/// A JSON number read digit by digit, so that it converts to integers exactly, without going
/// through floating point: `1.0000000005` seconds is 1 000 000 001 ns, not 1 000 000 000.
struct DecimalNumber {
  /// Whether the text had a minus sign.
  var isNegative: Bool
  /// The significant digits (0...9), without leading or trailing zeros; empty for zero.
  var digits: [UInt8]
  /// The power of ten the digits are multiplied by.
  var exponent: Int

  /// The largest exponent kept; beyond it every non-zero value overflows anyway.
  private static let exponentLimit = 1_000_000_000

  /// Reads `text`, which must follow JSON's number grammar; nil otherwise.
  init?(_ text: String) {
    var bytes = text.utf8[...]
    isNegative = bytes.first == UInt8(ascii: "-")
    if isNegative { bytes = bytes.dropFirst() }
    digits = []
    var fractionDigits = 0
    var seenPoint = false
    var exponentStart: Substring.UTF8View.Index?
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if byte | 0x20 == UInt8(ascii: "e") {
        exponentStart = bytes.index(after: index)
        break
      } else if let digit = Self.digit(byte) {
        if seenPoint { fractionDigits += 1 }
        if digit != 0 || !digits.isEmpty { digits.append(digit) }
      } else {
        return nil
      }
    }
    var written = 0
    if let exponentStart {
      guard let value = Self.readExponent(bytes[exponentStart...]) else { return nil }
      written = value
    }
    while digits.last == 0 {
      digits.removeLast()
      written += 1
    }
    exponent = written - fractionDigits
    if digits.isEmpty { exponent = 0 }
  }

  /// Whether the number is zero (`-0` included).
  var isZero: Bool { digits.isEmpty }

  /// The magnitude times 10^`shift`, rounded half away from zero to an integer, and whether no
  /// rounding happened; nil when it exceeds `UInt64`.
  func magnitude(shiftedBy shift: Int) -> (value: UInt64, isExact: Bool)? {
    guard !digits.isEmpty else { return (0, true) }
    let integerDigits = digits.count + exponent + shift
    guard integerDigits <= 20 else { return nil }
    var value: UInt64 = 0
    for position in 0..<max(integerDigits, 0) {
      let digit = position < digits.count ? UInt64(digits[position]) : 0
      let (timesTen, overflowTen) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = timesTen.addingReportingOverflow(digit)
      guard !overflowTen, !overflowSum else { return nil }
      value = sum
    }
    guard integerDigits < digits.count else { return (value, true) }
    if integerDigits >= 0, digits[integerDigits] >= 5 {
      let (rounded, overflow) = value.addingReportingOverflow(1)
      guard !overflow else { return nil }
      value = rounded
    }
    return (value, false)
  }

  /// The number as an integer, when it is one and fits in `Int`.
  var exactInteger: Int? {
    guard let (magnitude, isExact) = magnitude(shiftedBy: 0), isExact else { return nil }
    if isNegative {
      guard magnitude <= UInt64(Int.max) + 1 else { return nil }
      return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    }
    guard magnitude <= UInt64(Int.max) else { return nil }
    return Int(magnitude)
  }

  private static func digit(_ byte: UInt8) -> UInt8? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
  }

  /// Reads an exponent's optional sign and digits, saturating at ``exponentLimit``.
  private static func readExponent(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
    var rest = bytes
    var sign = 1
    if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty else { return nil }
    var value = 0
    for byte in rest {
      guard let digit = digit(byte) else { return nil }
      value = min(value * 10 + Int(digit), exponentLimit)
    }
    return sign * value
  }
}
