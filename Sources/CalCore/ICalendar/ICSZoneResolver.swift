/// Finds the IANA zone a TZID means: the name itself, an IANA name at the end of a longer TZID
/// (`/mozilla.org/20050126_1/Europe/Berlin`), a Windows name (`W. Europe Standard Time`), or, for a
/// made-up name, the IANA zone whose offsets agree with the file's own VTIMEZONE definition.
struct ICSZoneResolver {
  /// What a TZID resolves to.
  enum Resolution {
    /// An IANA zone of the system's database.
    case named(String, ZoneInfo)
    /// Only the file's VTIMEZONE describes it: times convert through it, but the event is kept in UTC.
    case custom(ZoneInfo)
  }

  let loadZone: (String) throws(ZoneError) -> ZoneInfo
  /// The file's VTIMEZONE components, by TZID.
  private(set) var definitions: [String: ICSComponent]
  /// What each TZID means in each year asked about: a key of its own, as making a string of both for every
  /// date-time of an import cost more than resolving.
  private var cache: [CacheKey: Resolution?] = [:]
  /// The last TZID that named a zone of the system's database, which it means whatever the year: most files
  /// name one zone for all their events, and comparing its name is cheaper than hashing it.
  private var lastNamed: (tzid: String, resolution: Resolution)?
  private struct CacheKey: Hashable {
    var tzid: String
    var year: Int64
  }
  /// Each definition as a zone, expanded once however many events use it.
  private var definedZones: [String: ZoneInfo?] = [:]
  /// How many definitions were expanded: the work a file made, for tests to count.
  private(set) var expansions = 0
  /// The zones of ``candidates``, loaded once.
  private var candidateZones: [(String, ZoneInfo)]?
  /// TZIDs that are no IANA name and have no VTIMEZONE, read as the IANA zone their name suggests (a
  /// Windows name, an IANA name at the end): an importer says so, as the reading is cal's inference.
  private(set) var inferred: Set<String> = []

  /// The most transitions one definition yields: two a year over ``expansionYears`` make 402, and a
  /// definition that lists its history as RDATEs holds a few hundred more.
  static let maximumTransitions = 2_000
  /// The most recurrence periods examined for one definition, its observances together: a yearly rule over
  /// ``expansionYears`` takes 201; a daily one, which no real zone has, would take 73,000.
  static let maximumPeriods = 20_000
  /// The years the observances' rules are expanded over; before and after them, a zone keeps the offsets of
  /// its first and last transitions.
  static let expansionYears = 1900...2100

  init(loadZone: @escaping (String) throws(ZoneError) -> ZoneInfo, definitions: [String: ICSComponent]) {
    self.loadZone = loadZone
    self.definitions = definitions
  }

  /// Adds (or replaces) the definition of `tzid`, forgetting what was resolved without it.
  mutating func define(_ tzid: String, _ definition: ICSComponent) {
    definitions[tzid] = definition
    definedZones[tzid] = nil
    cache.removeAll()
    lastNamed = nil
    inferred.remove(tzid)
  }

  /// Whether `tzid` was read as a zone its name suggests, without a definition (see ``inferred``).
  func isInferred(_ tzid: String) -> Bool {
    !inferred.isEmpty && inferred.contains(tzid.trimmingSpaces())
  }

  /// IANA zones tried against a VTIMEZONE that names none.
  static let candidates =
    Array(Set(WindowsZones.iana.values)).sorted() + [
      "Europe/Amsterdam", "Europe/Zurich", "Europe/Vienna", "Europe/Rome", "Europe/Madrid", "Europe/Stockholm",
      "Europe/Dublin", "Europe/Lisbon", "Europe/Helsinki", "Europe/Athens", "America/Toronto", "America/Vancouver",
    ]

  /// What `tzid` means around the instant `near` (Unix seconds): the file's own VTIMEZONE wins, as RFC 5545
  /// says, but when an IANA zone keeps the same offsets around that time, the event takes that zone's name,
  /// so that its repeats follow the zone's daylight-saving rules.
  mutating func resolve(_ tzid: String, near: Int64? = nil) -> Resolution? {
    if let lastNamed, lastNamed.tzid == tzid { return lastNamed.resolution }
    let center = near ?? 1_577_836_800  // 2020
    let key = CacheKey(tzid: tzid, year: center / 31_556_952)
    if let known = cache[key] { return known }
    let result = lookUp(tzid, near: center)
    cache[key] = result
    return result
  }

  private mutating func lookUp(_ tzid: String, near center: Int64) -> Resolution? {
    let trimmed = tzid.trimmingSpaces()
    // An IANA name means that zone, whatever a (often outdated) VTIMEZONE of the same name says.
    if let zone = try? loadZone(trimmed) {
      lastNamed = (tzid, .named(trimmed, zone))
      return .named(trimmed, zone)
    }
    var named: [(String, ZoneInfo)] = []
    let parts = trimmed.split(separator: "/").map(String.init)
    for count in [3, 2] where parts.count > count {
      let name = parts.suffix(count).concatenated(separator: "/")
      if let zone = try? loadZone(name) { named.append((name, zone)) }
    }
    if let name = WindowsZones.iana[trimmed] ?? WindowsZones.iana(displayName: trimmed), let zone = try? loadZone(name)
    {
      named.append((name, zone))
    }
    guard let defined = definedZone(trimmed) else {
      guard let (name, zone) = named.first else { return nil }
      inferred.insert(trimmed)
      return .named(name, zone)
    }
    // From a year before to a year after, fortnightly.
    let samples = stride(from: center - 31_556_952, to: center + 31_556_952, by: 1_209_600)
    if candidateZones == nil {
      candidateZones = Self.candidates.compactMap { name in (try? loadZone(name)).map { (name, $0) } }
    }
    let candidates = named + (candidateZones ?? [])
    for (name, zone) in candidates where samples.allSatisfy({ zone.offset(atUTC: $0) == defined.offset(atUTC: $0) }) {
      return .named(name, zone)
    }
    return .custom(defined)
  }

  /// The file's definition of `tzid` as a zone, expanded on first use.
  private mutating func definedZone(_ tzid: String) -> ZoneInfo? {
    if let known = definedZones[tzid] { return known }
    guard let definition = definitions[tzid] else { return nil }
    expansions += 1
    let zone = Self.zone(from: definition, name: tzid)
    definedZones[tzid] = zone
    return zone
  }

  /// A zone from a VTIMEZONE's STANDARD and DAYLIGHT observances, their RRULEs expanded over
  /// ``expansionYears``, at most ``maximumTransitions`` transitions from at most ``maximumPeriods`` periods:
  /// what a file can make this cost is bounded, whatever its rules say.
  static func zone(from definition: ICSComponent, name: String) -> ZoneInfo? {
    let (windowFirst, windowLast) = (
      CivilDate(validYear: expansionYears.lowerBound, month: 1, day: 1),
      CivilDate(validYear: expansionYears.upperBound, month: 12, day: 31)
    )
    var budget = maximumPeriods
    var changes: [(instant: Int64, to: Int, from: Int)] = []
    for observance in definition.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
      let room = maximumTransitions - changes.count
      guard room > 0 else { break }
      guard let start = observance.property(.dtstart).flatMap({ ICSDateTime($0.value) }),
        let from = observance.property(.tzoffsetfrom).flatMap({ offset($0.value) }),
        let to = observance.property(.tzoffsetto).flatMap({ offset($0.value) })
      else { continue }
      var days = [start.date]
      // BYHOUR and BYMINUTE in a VTIMEZONE only repeat DTSTART's time.
      let parts = observance.property(.rrule)?.value.replacingAll(" ", with: "").split(separator: ";")
        .filter { part in !["BYHOUR", "BYMINUTE", "BYSECOND"].contains { part.uppercased().hasPrefix($0 + "=") } }
      if let parts, let rule = try? RecurrenceRule(parsing: parts.concatenated(separator: ";")) {
        // The window is reached by arithmetic, not by listing from DTSTART (Outlook writes 1601); only COUNT,
        // which counts from DTSTART, is listed from there.
        let first = rule.count == nil ? max(start.date, windowFirst) : start.date
        days = Recurrence(start: start.date, rule: rule).occurrences(
          from: first, through: windowLast, lastDay: nil, limit: min(room, rule.count ?? room), budget: &budget)
      }
      for property in observance.properties(.rdate) where days.count < room {
        days += property.value.split(separator: ",").compactMap { ICSDateTime(String($0))?.date }
      }
      for day in days.prefix(room) {
        let wall = Int64(day.daysSince1970) * 86_400 + Int64(start.secondOfDay ?? 0)
        changes.append((wall - Int64(from), to, from))
      }
    }
    guard !changes.isEmpty else { return nil }
    changes.sort { $0.instant < $1.instant }
    return ZoneInfo(
      name: name, transitions: changes.map(\.instant), offsets: changes.map(\.to), initialOffset: changes[0].from,
      rule: nil)
  }

  /// `+0100`, `-0530`, `+013000`; `nil` for anything else, such as `+5328`.
  static func offset(_ text: String) -> Int? {
    let value = text.trimmingSpaces()
    guard let sign = value.first, sign == "+" || sign == "-" else { return nil }
    let digits = Array(value.dropFirst())
    guard digits.count == 4 || digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let numbers = stride(from: 0, to: digits.count, by: 2).map { Int(String(digits[$0...$0 + 1]))! }
    guard numbers[0] < 24, numbers[1] < 60, numbers.count < 3 || numbers[2] < 60 else { return nil }
    let seconds = numbers[0] * 3600 + numbers[1] * 60 + (numbers.count > 2 ? numbers[2] : 0)
    return sign == "-" ? -seconds : seconds
  }
}

extension String {
  /// The string with every occurrence of `target` replaced (Foundation's `replacingOccurrences`, without
  /// Foundation).
  public func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).concatenated(separator: replacement)
  }
}
