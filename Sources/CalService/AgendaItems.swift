import CalCore

/// The items of a window in order: by day, then all-day events first, then by start, then by id and
/// occurrence. The items stay where they were found and are read through a list of small keys put in that
/// order: sorting the items, or copying them into order, moved 56-byte values and touched twice the memory.
struct AgendaItems: RandomAccessCollection {
  /// What an item is ordered by within its day, and where it is.
  struct Key: Comparable {
    /// The start instant; `Int64.min` for an all-day item, which comes first.
    let start: Int64
    let id: Int64
    let occurrenceDay: Int32
    /// The item's place among those found (the last tie-breaker, as a stable sort would keep them).
    let index: Int32

    static func < (left: Key, right: Key) -> Bool {
      if left.start != right.start { return left.start < right.start }
      if left.id != right.id { return left.id < right.id }
      if left.occurrenceDay != right.occurrenceDay { return left.occurrenceDay < right.occurrenceDay }
      return left.index < right.index
    }
  }

  private let items: [AgendaItem]
  private let order: [Key]

  /// `items` in order.
  init(ordering items: [AgendaItem]) {
    self.items = items
    order = Self.order(items)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { order.count }

  subscript(position: Int) -> AgendaItem { items[Int(order[position].index)] }

  /// Hands the items to `body` in order, or in reverse order when `newestFirst`, until it returns false;
  /// returns whether it never did.
  func handOut(newestFirst: Bool, to body: (AgendaItem) throws -> Bool) rethrows -> Bool {
    for position in indices where try !body(self[newestFirst ? count - 1 - position : position]) { return false }
    return true
  }

  /// The keys of `items` in order. The days are put in order by counting (a window holds a few dozen days),
  /// and only each day's items are compared.
  private static func order(_ items: [AgendaItem]) -> [Key] {
    func key(_ index: Int) -> Key {
      // Read in place: each copy of an item retains and releases its entry, and `event` copies the record.
      let occurrence = items[index].occurrence
      return Key(
        start: occurrence.startInstant ?? Int64.min, id: items[index].entry.event.id,
        occurrenceDay: Int32(truncatingIfNeeded: occurrence.occurrenceDay.daysSince1970), index: Int32(index))
    }
    guard !items.isEmpty else { return [] }
    var low = Int.max
    var high = Int.min
    for index in items.indices {
      let day = items[index].day.daysSince1970
      low = Swift.min(low, day)
      high = Swift.max(high, day)
    }
    // Where each day's items begin in the order; a window of centuries with few events is sorted whole.
    let dayCount = high - low + 1
    guard dayCount <= 4 * items.count + 64 else {
      return items.indices.map(key).sorted { left, right in
        let (leftDay, rightDay) = (items[Int(left.index)].day, items[Int(right.index)].day)
        return leftDay != rightDay ? leftDay < rightDay : left < right
      }
    }
    var starts = [Int](repeating: 0, count: dayCount + 1)
    for index in items.indices { starts[items[index].day.daysSince1970 - low + 1] += 1 }
    for day in 0..<dayCount { starts[day + 1] += starts[day] }
    var order = [Key](unsafeUninitializedCapacity: items.count) { buffer, count in
      var next = starts
      for index in items.indices {
        let day = items[index].day.daysSince1970 - low
        (buffer.baseAddress! + next[day]).initialize(to: key(index))
        next[day] += 1
      }
      count = items.count
    }
    for day in 0..<dayCount where starts[day + 1] - starts[day] > 1 {
      order[starts[day]..<starts[day + 1]].sort()
    }
    return order
  }
}
