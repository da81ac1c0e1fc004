extension Array where Element == Event {
  /// The event at `seq`, found by binary search: the events are sorted by seq, which may skip
  /// numbers. Inlinable, as is the search, so that other modules specialize it: unspecialized,
  /// each step copies an event to hand it to the comparison.
  @inlinable
  package func event(atSeq seq: Int) -> Event? {
    index(ofSeq: seq).map { self[$0] }
  }

  /// The index of the event at `seq`, found by binary search, as ``event(atSeq:)`` finds it.
  @inlinable
  package func index(ofSeq seq: Int) -> Int? {
    let index = partitioningIndex { $0.seq >= seq }
    return index < count && self[index].seq == seq ? index : nil
  }
}

extension Array {
  /// The index of the first element for which `belongs` is true, in an array where it is false
  /// for a prefix and true for the rest.
  @inlinable
  package func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
