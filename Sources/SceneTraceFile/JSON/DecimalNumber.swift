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

  /// A number written as plain digits with an optional sign and fraction (`-12.5`, `3`), no
  /// exponent, at most 19 digits: its digits as one integer and how many follow the point. Nil
  /// for any other text (which ``init(_:)`` reads, or refuses), so that the common case is read
  /// without allocating.
  static func plain(_ text: String) -> (isNegative: Bool, digits: UInt64, fractionDigits: Int)? {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var index = 0
      let isNegative = bytes.first == UInt8(ascii: "-")
      if isNegative { index += 1 }
      var digits: UInt64 = 0
      var digitCount = 0
      var pointIndex: Int?
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: ".") {
          // A point needs a digit on each side.
          guard pointIndex == nil, digitCount > 0, index + 1 < bytes.count else { return nil }
          pointIndex = index
        } else {
          guard let digit = Self.digit(byte), digitCount < 19 else { return nil }
          digits = digits * 10 + UInt64(digit)
          digitCount += 1
        }
        index += 1
      }
      guard digitCount > 0 else { return nil }
      return (isNegative, digits, pointIndex.map { bytes.count - 1 - $0 } ?? 0)
    } ?? nil
  }

  /// 10^0 through 10^9.
  static let powersOfTen: [UInt64] = (0...9).map { exponent in
    (0..<exponent).reduce(1) { power, _ in power * 10 }
  }

  /// The powers of ten a `Double` holds exactly, 10^0 through 10^22.
  static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { power, _ in power * 10 }
  }

  /// `text` as the nearest `Double`, when it is plain (see ``plain(_:)``) with at most 15
  /// digits: its digits and the power of ten it is divided by are both exact, so one division
  /// rounds it as `Double(text)` does. Nil otherwise.
  static func exactlyRoundedDouble(_ text: String) -> Double? {
    guard let (isNegative, digits, fractionDigits) = plain(text), digits < 1 << 53,
      fractionDigits < exactPowersOfTen.count
    else { return nil }
    let magnitude = Double(digits) / exactPowersOfTen[fractionDigits]
    return isNegative ? -magnitude : magnitude
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

  /// `text` as an integer, when it is one and fits in `Int`.
  static func exactInteger(_ text: String) -> Int? {
    if let (isNegative, digits, fractionDigits) = plain(text), fractionDigits == 0,
      digits <= UInt64(Int.max)
    {
      return isNegative ? -Int(digits) : Int(digits)
    }
    return DecimalNumber(text)?.exactInteger
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
