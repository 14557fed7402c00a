/// A time zone's offsets from UTC through history and into the future, read from a TZif file of the system's
/// time-zone database (RFC 8536) or from a POSIX `TZ` string. Pure: the bytes are read by the caller. A class
/// of constants, so that handing a zone to every occurrence of a long listing copies one reference.
public final class ZoneInfo: Sendable {
  /// The zone's name, such as `Europe/Berlin`.
  public let name: String
  /// UTC instants (seconds) at which the offset changes, ascending.
  let transitions: [Int64]
  /// The offset (seconds east of UTC) that starts at each transition.
  let offsets: [Int]
  /// The offset before the first transition.
  let initialOffset: Int
  /// The rule for instants after the last transition.
  let rule: PosixRule?

  /// The offsets a zone may have: less than 26 hours either way, the bound RFC 8536 gives TZif files (which
  /// POSIX `TZ` strings, at most 24:59:59, keep too).
  static let offsetRange = -93_599...93_599

  /// UTC.
  public static let utc = ZoneInfo(name: "UTC", transitions: [], offsets: [], initialOffset: 0, rule: nil)

  init(name: String, transitions: [Int64], offsets: [Int], initialOffset: Int, rule: PosixRule?) {
    self.name = name
    self.transitions = transitions
    self.offsets = offsets
    self.initialOffset = initialOffset
    self.rule = rule
  }

  /// A zone from the bytes of a TZif file.
  public convenience init(name: String, tzif bytes: [UInt8]) throws(ZoneError) {
    var reader = ByteReader(bytes: bytes)
    guard reader.take(4) == Array("TZif".utf8) else { throw .notTZif(name) }
    let version = reader.take(1).first ?? 0
    reader.skip(15)
    var counts = try Self.counts(&reader, name)
    var timeSize = 4
    if version >= UInt8(ascii: "2") {
      // Skip the 32-bit block; the 64-bit one after the second header is complete.
      reader.skip(Self.blockSize(counts, timeSize: 4))
      guard reader.take(4) == Array("TZif".utf8) else { throw .notTZif(name) }
      reader.skip(16)
      counts = try Self.counts(&reader, name)
      timeSize = 8
    }
    let (timeCount, typeCount, characterCount) = (counts[3], counts[4], counts[5])
    guard typeCount > 0 else { throw .notTZif(name) }
    let times: [Int64] = (0..<timeCount).map { _ in timeSize == 8 ? reader.int64() : Int64(reader.int32()) }
    let indices = reader.take(timeCount).map(Int.init)
    var typeOffsets: [Int] = []
    for _ in 0..<typeCount {
      typeOffsets.append(Int(reader.int32()))
      reader.skip(2)
    }
    reader.skip(characterCount + counts[2] * (timeSize + 4) + counts[1] + counts[0])
    guard !reader.overran, indices.allSatisfy({ $0 < typeCount }), typeOffsets.allSatisfy(Self.offsetRange.contains)
    else { throw .notTZif(name) }
    var rule: PosixRule?
    if timeSize == 8, reader.take(1) == [UInt8(ascii: "\n")] {
      // An empty footer means no rule; one that says something must say it readably.
      let footer = String(decoding: reader.rest.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
      if !footer.isEmpty {
        guard let parsed = PosixRule(footer) else { throw .notTZif(name) }
        rule = parsed
      }
    }
    self.init(
      name: name, transitions: times, offsets: indices.map { typeOffsets[$0] }, initialOffset: typeOffsets[0],
      rule: rule)
  }

  /// A zone from a POSIX `TZ` string such as `CET-1CEST,M3.5.0,M10.5.0/3`.
  public convenience init(name: String, posix: String) throws(ZoneError) {
    guard let rule = PosixRule(posix) else { throw .badPosixString(posix) }
    self.init(name: name, transitions: [], offsets: [], initialOffset: rule.standardOffset, rule: rule)
  }

  private static func counts(_ reader: inout ByteReader, _ name: String) throws(ZoneError) -> [Int] {
    let counts = (0..<6).map { _ in Int(reader.int32()) }
    guard !reader.overran, counts.allSatisfy({ (0...1_000_000).contains($0) }) else { throw .notTZif(name) }
    return counts
  }

  private static func blockSize(_ counts: [Int], timeSize: Int) -> Int {
    counts[3] * timeSize + counts[3] + counts[4] * 6 + counts[5] + counts[2] * (timeSize + 4) + counts[1] + counts[0]
  }

  /// The offset from UTC, in seconds, at the UTC instant `seconds`.
  public func offset(atUTC seconds: Int64) -> Int {
    if let last = transitions.last, seconds >= last, let rule { return rule.offset(atUTC: seconds) }
    if transitions.isEmpty { return rule?.offset(atUTC: seconds) ?? initialOffset }
    // The last transition at or before the instant.
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) / 2
      if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? initialOffset : offsets[low - 1]
  }

  /// How the UTC instant `seconds` reads on this zone's clocks; `nil` outside the years 1 to 9999.
  public func wallClock(atUTC seconds: Int64) -> LocalDateTime? {
    LocalDateTime(unixSeconds: seconds, utcOffsetSeconds: offset(atUTC: seconds))
  }

  /// How the UTC instant `unixMilliseconds` reads on this zone's clocks, as RFC 3339 text with the offset;
  /// text for any instant, held to the years 0000 to 9999 (see
  /// ``LocalDateTime/iso8601(unixMilliseconds:utcOffsetSeconds:)``).
  public func iso8601(atUnixMilliseconds milliseconds: Int64) -> String {
    let (held, offset) = writable(unixMilliseconds: milliseconds)
    return LocalDateTime.iso8601(unixMilliseconds: held, utcOffsetSeconds: offset)
  }

  /// The instant `unixMilliseconds` and its offset on this zone's clocks, held to the years 0000 to 9999
  /// that RFC 3339 text can hold: past 9999, the instant this zone's clocks read 9999-12-31T23:59:59 (before
  /// the year 0, 0000-01-01T00:00:00), with that instant's offset, so that the text names it.
  public func writable(unixMilliseconds milliseconds: Int64) -> (unixMilliseconds: Int64, utcOffsetSeconds: Int) {
    let seconds = milliseconds.floorDivided(by: 1000)
    let current = offset(atUTC: seconds)
    let local = seconds.addingSaturated(Int64(current))
    let bounds = LocalDateTime.writableLocalSeconds
    guard !bounds.contains(local) else { return (milliseconds, current) }
    let held = utc(fromLocal: local < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound)
    return (held * 1000, offset(atUTC: held))
  }

  /// The UTC instant of the wall-clock reading `localSeconds` (seconds since 1970-01-01 00:00 on this
  /// zone's clocks). As RFC 5545 says, a reading that happens twice means the first, and one that a
  /// clock change skips is read with the offset from before the change: ``resolve(localSeconds:)``'s `utc`.
  public func utc(fromLocal localSeconds: Int64) -> Int64 {
    resolve(localSeconds: localSeconds).utc
  }

  /// What the wall-clock reading `localSeconds` (seconds since 1970-01-01 00:00 on this zone's clocks) means:
  /// one instant, none because a clock change skips it (and what the clocks show instead), or two because a
  /// clock change repeats it.
  public func resolve(localSeconds: Int64) -> WallClockResolution {
    if transitions.isEmpty && rule?.daylightOffset == nil {
      return .unique(localSeconds.addingSaturated(-Int64(rule?.standardOffset ?? initialOffset)))  // such as UTC
    }
    // Clock changes are days apart: the offsets a day before and a day after are the only ones in play.
    let before = offset(atUTC: localSeconds.addingSaturated(-86_400))
    let after = offset(atUTC: localSeconds.addingSaturated(86_400))
    let early = localSeconds.addingSaturated(-Int64(before))
    let late = localSeconds.addingSaturated(-Int64(after))
    let earlyOffset = offset(atUTC: early)
    let earlyHolds = early.addingSaturated(Int64(earlyOffset)) == localSeconds
    let lateHolds = before != after && late.addingSaturated(Int64(offset(atUTC: late))) == localSeconds
    switch (earlyHolds, lateHolds) {
    case (true, true): return .repeated(first: min(early, late), second: max(early, late))
    case (true, false): return .unique(early)
    case (false, true): return .unique(late)
    case (false, false): return .skipped(utc: early, shiftedBy: earlyOffset - before)
    }
  }
}

/// A time-zone name or file that cannot be used.
public enum ZoneError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No zone of that name in the time-zone database.
  case unknown(String)
  /// The file is not a TZif file.
  case notTZif(String)
  /// The POSIX `TZ` string cannot be read.
  case badPosixString(String)
  /// The zone's file is there but the system could not read it, for `reason` (its words for the error, such
  /// as "Too many open files").
  case unreadable(String, reason: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .unknown(let name): return "unknown time zone '\(name)': use a name such as Europe/Berlin"
    case .notTZif(let name): return "the time-zone file for '\(name)' is damaged"
    case .badPosixString(let text): return "cannot read the time zone '\(text)'"
    case .unreadable(let name, let reason): return "cannot read the time zone '\(name)': \(reason)"
    }
  }
}

/// Big-endian reads that never trap: reading past the end yields zeros and sets `overran`.
struct ByteReader {
  let bytes: [UInt8]
  var position = 0
  var overran = false

  mutating func take(_ count: Int) -> [UInt8] {
    guard count >= 0, count <= bytes.count - position else {
      overran = true
      position = bytes.count
      return []
    }
    defer { position += count }
    return Array(bytes[position..<position + count])
  }

  mutating func skip(_ count: Int) { _ = take(count) }

  mutating func int32() -> Int32 {
    Int32(bitPattern: take(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
  }

  mutating func int64() -> Int64 {
    Int64(bitPattern: take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
  }

  var rest: ArraySlice<UInt8> { bytes[position...] }
}
