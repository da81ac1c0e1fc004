/// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): a keyed hash
/// of short inputs from which, without the key, neither the input nor the key can be found, so
/// that a digest of a one-letter value does not give the letter away.
package enum SipHash24 {
  /// The 64-bit SipHash-2-4 of `bytes` under the 128-bit key `(k0, k1)` (the key's first eight
  /// bytes, little-endian, are `k0`).
  package static func hash(_ bytes: some Sequence<UInt8>, key: (UInt64, UInt64)) -> UInt64 {
    var state = State(key: key)
    var word: UInt64 = 0
    var count = 0
    for byte in bytes {
      word |= UInt64(byte) << (8 * UInt64(count & 7))
      count += 1
      if count & 7 == 0 {
        state.compress(word)
        word = 0
      }
    }
    state.compress(UInt64(truncatingIfNeeded: count) << 56 | word)
    return state.finalize()
  }

  private struct State {
    var v0: UInt64
    var v1: UInt64
    var v2: UInt64
    var v3: UInt64

    init(key: (UInt64, UInt64)) {
      v0 = 0x736f_6d65_7073_6575 ^ key.0
      v1 = 0x646f_7261_6e64_6f6d ^ key.1
      v2 = 0x6c79_6765_6e65_7261 ^ key.0
      v3 = 0x7465_6462_7974_6573 ^ key.1
    }

    mutating func compress(_ word: UInt64) {
      v3 ^= word
      round()
      round()
      v0 ^= word
    }

    mutating func finalize() -> UInt64 {
      v2 ^= 0xff
      for _ in 0..<4 { round() }
      return v0 ^ v1 ^ v2 ^ v3
    }

    private mutating func round() {
      v0 &+= v1
      v1 = v1.rotated(13) ^ v0
      v0 = v0.rotated(32)
      v2 &+= v3
      v3 = v3.rotated(16) ^ v2
      v0 &+= v3
      v3 = v3.rotated(21) ^ v0
      v2 &+= v1
      v1 = v1.rotated(17) ^ v2
      v2 = v2.rotated(32)
    }
  }
}

extension UInt64 {
  fileprivate func rotated(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
