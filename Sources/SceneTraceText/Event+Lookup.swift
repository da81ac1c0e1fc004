import SceneTrace

extension Array where Element == Event {
  /// The event at `seq`, found by binary search: the events are sorted by seq, which may skip
  /// numbers.
  package func event(atSeq seq: Int) -> Event? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].seq < seq { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low].seq == seq ? self[low] : nil
  }
}
