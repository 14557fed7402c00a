/// Reads iCalendar (RFC 5545) text as real products write it: CRLF, LF or stray CR line ends, lines folded
/// with a space or a tab (also inside parameters), quoted parameter values, names in any case, a byte-order
/// mark, several VCALENDARs in one file, and bare components without a VCALENDAR around them.
///
/// A file is read in two passes, neither of which holds it whole: ``scan(_:)`` checks its structure and
/// encoding and gathers what events need from elsewhere in the file (time-zone definitions, the calendar's
/// zone, which series have edited occurrences); ``read(_:scan:_:)`` then hands over
/// one component at a time.
public enum ICSParser {
  /// How deep components may nest. Real files nest three deep (VCALENDAR, VEVENT, VALARM); the limit keeps
  /// the tree shallow enough that tearing it down, comparing it or walking it, which all recurse, cannot
  /// exhaust the stack.
  public static let maximumDepth = 64

  /// The top-level components of `bytes`.
  ///
  /// - Throws: `ICSError` for text that is not UTF-8 (unless it declares a charset that can be decoded),
  ///   a line that is not a content line, BEGIN and END that do not match, or components nested deeper than
  ///   ``maximumDepth``.
  public static func parse(_ bytes: [UInt8]) throws(ICSError) -> [ICSComponent] {
    var ignored: [Int] = []
    var repairs: [(line: Int, note: String)] = []
    return try parse(bytes, ignoredLines: &ignored, repairs: &repairs)
  }

  /// The same, collecting the numbers of lines that were not content lines and were left out (products
  /// write such lines: a property without a value, a folded line that lost its leading space), and what was
  /// repaired on the way (an empty parameter).
  public static func parse(
    _ bytes: [UInt8], ignoredLines: inout [Int], repairs: inout [(line: Int, note: String)]
  ) throws(ICSError) -> [ICSComponent] {
    var input = ICSByteInput(bytes)
    var top: [ICSComponent] = []
    do {
      let scan = try scan(&input)
      try read(&input, scan: scan, whole: true, gathers: false, skip: { _ in false }) { item in
        switch item {
        case .component(let component, _): top.append(component)
        case .ignoredLine(let line): ignoredLines.append(line)
        case .repaired(let line, let note): repairs.append((line, note))
        case .calendar, .calendarProperty: break
        }
      }
    } catch let error as ICSError {
      throw error
    } catch {
      throw ICSError(line: nil, "\(error)")  // an in-memory input throws nothing else
    }
    return top
  }

  // MARK: The first pass

  /// Checks the structure and encoding of the file `input` reads and gathers what events need from elsewhere
  /// in it, building no event.
  ///
  /// - Throws: `ICSError` for a file that cannot be read as a whole: not UTF-8 (and naming no charset that
  ///   can be decoded), BEGIN and END that do not match, components nested too deep, no component at all, a
  ///   line too long; what `input` throws.
  public static func scan<Input: ICSInput>(_ input: inout Input) throws -> ICSScan {
    // Most lines say nothing the scan needs: only those that can are assembled, as long as the file is UTF-8.
    var scanner = Scanner(encoding: .utf8)
    let isUTF8 = try ICSLineReader(encoding: .utf8).forEachLine(&input, startingWith: Array("beurx".utf8)) {
      line, number in
      try scanner.take(line, number: number, isValid: true)
      return scanner.wantsEveryLine
    }
    if isUTF8 { return try scanner.finish() }
    scanner = Scanner(encoding: .utf8)
    try ICSLineReader(encoding: .utf8).forEachLine(&input) { line, number, isValid in
      try scanner.take(line, number: number, isValid: isValid)
    }
    if let line = scanner.firstInvalidLine {
      guard let encoding = try declaredCharset(&input) else {
        throw ICSError(line: line, "the file is not UTF-8 text (and names no other charset)")
      }
      scanner = Scanner(encoding: encoding)
      try ICSLineReader(encoding: encoding).forEachLine(&input) { line, number, _ in
        try scanner.take(line, number: number, isValid: true)
      }
    }
    return try scanner.finish()
  }

  /// The charset a file that is not UTF-8 declares: Windows-1252 (or CP1252) before ISO-8859-1 (or LATIN1),
  /// wherever it is declared.
  private static func declaredCharset<Input: ICSInput>(_ input: inout Input) throws -> ICSEncoding? {
    var windows = false
    var latin = false
    try ICSLineReader(encoding: .latin1).forEachLine(&input) { line, _, _ in
      guard !windows, contains(line, "CHARSET=") else { return }
      let text = String(decoding: line.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self).uppercased()
      windows = windows || text.contains("CHARSET=WINDOWS-1252") || text.contains("CHARSET=CP1252")
      latin = latin || text.contains("CHARSET=ISO-8859-1") || text.contains("CHARSET=LATIN1")
    }
    return windows ? .windows1252 : latin ? .latin1 : nil
  }

  /// Whether `line` contains the ASCII `needle`, ignoring case.
  private static func contains(_ line: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
    let count = needle.utf8CodeUnitCount
    guard line.count >= count else { return false }
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: count)
    for start in 0...(line.count - count) {
      var matches = true
      for offset in 0..<count where upper(line[start + offset]) != pattern[offset] {
        matches = false
        break
      }
      if matches { return true }
    }
    return false
  }

  /// The first pass's state, line by line.
  private struct Scanner {
    let encoding: ICSEncoding
    var scan = ICSScan()
    /// The names and lines of the open components.
    var open: [(name: String, line: Int)] = []
    var topLevelCount = 0
    var calendarCount = 0
    var firstInvalidLine: Int?
    /// The first structural problem: kept until the end, since a file that is not UTF-8 is refused as such.
    var problem: ICSError?
    /// Whether the current calendar (or the loose components) has had an event: settings after it are late.
    var calendarHasEvent = false
    var looseHasEvent = false
    var calendarHasZone = false
    /// A VTIMEZONE being gathered (late, or possibly late), with the components open inside it.
    var zone: [ICSComponent] = []
    var lateZoneLines = 0
    /// The depth of the VEVENT being looked at (its UID and RECURRENCE-ID), or 0.
    var eventDepth = 0
    /// The bytes of its first UID line, and where that stands.
    var eventUID: [UInt8] = []
    var eventUIDLine = 0
    var eventHasUID = false
    var eventIsOverride = false

    init(encoding: ICSEncoding) {
      self.encoding = encoding
      scan.encoding = encoding
    }

    /// Whether a component at `depth` of `open` is a calendar's child or a loose top-level one: the
    /// components the second pass hands over one at a time.
    private func isItem(depth: Int) -> Bool {
      depth == 1 ? open[0].name != "VCALENDAR" : depth == 2 && open[0].name == "VCALENDAR"
    }

    /// The property on `line`; what the second pass reports about it is not reported twice.
    private func parse(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> ICSProperty? {
      var repairs: [(line: Int, note: String)] = []
      return contentLine(line, number: number, repairs: &repairs)
    }

    /// Whether every line is to be looked at (inside a VTIMEZONE being gathered), not only those that begin
    /// with the letters of the names the scan reads.
    var wantsEveryLine: Bool { !zone.isEmpty }

    /// Whether settings met now stand after an event of their calendar.
    private var isLate: Bool { open.first?.name == "VCALENDAR" ? calendarHasEvent : looseHasEvent }

    mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int, isValid: Bool) throws {
      if !isValid && firstInvalidLine == nil { firstInvalidLine = number }
      guard problem == nil, let first = line.first else { return }
      // Most lines are none of those looked at here: their first letter says so.
      switch first | 0x20 {
      case UInt8(ascii: "b"), UInt8(ascii: "e"):
        let marker = ICSParser.marker(line)
        let isBegin = marker?.isBegin ?? ICSParser.hasName(line, "BEGIN")
        if marker != nil || isBegin || ICSParser.hasName(line, "END") {
          guard let name = marker?.name ?? componentName(line, number) else { return }
          do throws(ICSError) {
            if isBegin { try begin(name, number: number) } else { try end(name, number: number) }
          } catch {
            problem = error
          }
          return
        }
      case UInt8(ascii: "u"):
        if eventDepth > 0 && open.count == eventDepth && zone.isEmpty && !eventHasUID && ICSParser.hasName(line, "UID")
        {
          // The UID is read only for an edited occurrence, once its END shows it is one.
          eventHasUID = true
          eventUID.removeAll(keepingCapacity: true)
          eventUID.append(contentsOf: line)
          eventUIDLine = number
          return
        }
      case UInt8(ascii: "r"):
        if eventDepth > 0 && open.count == eventDepth && zone.isEmpty && ICSParser.hasName(line, "RECURRENCE-ID") {
          eventIsOverride = true
          return
        }
      case UInt8(ascii: "x"):
        if open.count == 1 && zone.isEmpty && ICSParser.hasName(line, "X-WR-TIMEZONE") && open[0].name == "VCALENDAR"
          && !calendarHasZone, let property = parse(line, number)
        {
          calendarHasZone = true
          if calendarHasEvent { scan.late[calendarCount - 1, default: ICSScan.Settings()].calendarZone = property }
          return
        }
      default: break
      }
      if !zone.isEmpty, !isBlank(line), let property = parse(line, number) {
        zone[zone.count - 1].properties.append(property)
        try countZoneLine(number)
      }
    }

    private mutating func countZoneLine(_ number: Int) throws(ICSError) {
      lateZoneLines += 1
      guard lateZoneLines <= ICSScan.maximumLateZoneLines else {
        throw ICSError(
          line: number,
          "more than \(ICSScan.maximumLateZoneLines) lines of time-zone definitions after the events: not imported")
      }
    }

    /// The component a BEGIN or END line names, upper-cased and trimmed; `nil` when the line is not a
    /// content line. `BEGIN:VEVENT`, nearly every one, is read straight from the bytes.
    private func componentName(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> String? {
      if let (_, name) = marker(line) { return name }
      return parse(line, number)?.value.asciiUppercased().trimmingSpaces()
    }

    private mutating func begin(_ name: String, number: Int) throws(ICSError) {
      guard !name.isEmpty else { throw ICSError(line: number, "BEGIN without a component name") }
      guard open.count < ICSParser.maximumDepth else {
        throw ICSError(
          line: number,
          "BEGIN:\(name) is nested \(open.count + 1) components deep: at most \(ICSParser.maximumDepth) are read")
      }
      open.append((name, number))
      if open.count == 1 {
        topLevelCount += 1
        if name == "VCALENDAR" {
          calendarCount += 1
          calendarHasEvent = false
          calendarHasZone = false
        }
      }
      if !zone.isEmpty || (name == "VTIMEZONE" && isItem(depth: open.count) && isLate) {
        zone.append(ICSComponent(name: name, line: number))
      } else if name == "VEVENT" && isItem(depth: open.count) {
        scan.eventCount += 1
        if open[0].name == "VCALENDAR" { calendarHasEvent = true } else { looseHasEvent = true }
        eventDepth = open.count
        eventHasUID = false
        eventIsOverride = false
      }
    }

    private mutating func end(_ name: String, number: Int) throws(ICSError) {
      // An event, a zone or any other item is held whole while it is read: 2 million EXDATE lines in one
      // VEVENT (50 MB of file) took 660 MB and a minute, and a file of the largest size 13 GB.
      if let last = open.last, isItem(depth: open.count), number - last.line > ICSScan.maximumComponentLines {
        throw ICSError(
          line: last.line,
          "BEGIN:\(last.name) spans more than \(ICSScan.maximumComponentLines) lines: not imported")
      }
      guard let last = open.popLast() else { throw ICSError(line: number, "END:\(name) without a BEGIN") }
      guard last.name == name else {
        throw ICSError(line: number, "END:\(name) closes BEGIN:\(last.name) of line \(last.line)")
      }
      if let closed = zone.popLast() {
        if let parent = zone.indices.last {
          zone[parent].components.append(closed)
        } else if open.isEmpty {
          scan.lateLoose.timeZones.append(closed)
        } else {
          scan.late[calendarCount - 1, default: ICSScan.Settings()].timeZones.append(closed)
        }
        try countZoneLine(number)
      }
      if eventDepth > 0 && open.count < eventDepth {
        eventDepth = 0
        if eventIsOverride && eventHasUID,
          let uid = eventUID.withUnsafeBufferPointer({ parse($0, eventUIDLine) })?.text.trimmingSpaces(), !uid.isEmpty
        {
          scan.overrideCount += 1
          guard scan.overrideCount <= ICSScan.maximumOverrides else {
            throw ICSError(
              line: number,
              "more than \(ICSScan.maximumOverrides) edited occurrences (RECURRENCE-ID) in one file: not imported")
          }
          scan.overrideUIDs.insert(uid)
        }
      }
    }

    func finish() throws(ICSError) -> ICSScan {
      if let problem { throw problem }
      if let last = open.last {
        throw ICSError(line: last.line, "BEGIN:\(last.name) is never closed (the file may be cut short)")
      }
      guard topLevelCount > 0 else { throw ICSError(line: nil, "no iCalendar component in the file") }
      return scan
    }
  }

  // MARK: The second pass

  /// What the second pass hands over.
  public enum Item {
    /// A top-level VCALENDAR begins, the `index`-th of the file (from 0), at `line`.
    case calendar(index: Int, line: Int)
    /// A property of the current VCALENDAR, such as X-WR-TIMEZONE.
    case calendarProperty(ICSProperty)
    /// A component of the current VCALENDAR (with its index), or one outside any (`nil`), complete with
    /// what it holds.
    case component(ICSComponent, calendar: Int?)
    /// A line that is not a content line was left out.
    case ignoredLine(Int)
    /// Something was repaired at `line`.
    case repaired(line: Int, note: String)
  }

  /// Reads the file `input` reads, as `scan` found it, handing `body` each VCALENDAR's start and properties
  /// and each component in it or outside any, one at a time: only one is in memory at once. Lines that are
  /// not content lines, and repairs, are handed over as they come. An event's DTSTAMP, which no reader of
  /// events uses, is left out of it.
  ///
  /// - Parameters:
  ///   - gathers: whether each VEVENT of a calendar (or outside any) is first gathered as its lines and
  ///     handed to `skip`, which leaves it out (it is not handed to `body`) by returning true.
  public static func read<Input: ICSInput>(
    _ input: inout Input, scan: ICSScan, gathers: Bool, skip: (ICSRawEvent) throws -> Bool,
    _ body: (Item) throws -> Void
  ) throws {
    try read(&input, scan: scan, whole: false, gathers: gathers, skip: skip, body)
  }

  /// The same, reading every VEVENT.
  public static func read<Input: ICSInput>(_ input: inout Input, scan: ICSScan, _ body: (Item) throws -> Void)
    throws
  {
    try read(&input, scan: scan, whole: false, gathers: false, skip: { _ in false }, body)
  }

  /// The second pass; `whole` hands over each top-level component with everything in it instead, and
  /// `gathers` looks at each VEVENT as its lines first.
  private static func read<Input: ICSInput>(
    _ input: inout Input, scan: ICSScan, whole: Bool, gathers: Bool, skip: (ICSRawEvent) throws -> Bool,
    _ body: (Item) throws -> Void
  ) throws {
    var reader = Reader(whole: whole)
    var repairs: [(line: Int, note: String)] = []
    var raw = ICSRawEvent()
    // A VEVENT is gathered as its lines first when it may be left out: read into properties only if not. The
    // scan has checked the UTF-8 (should the file change in between, text is decoded with replacements).
    var lines = ICSLineReader(encoding: scan.encoding)
    lines.checksUTF8 = false
    try lines.forEachLine(&input) { line, number, _ in
      guard gathers else { return try reader.handle(line, number, body) }
      var marker: ICSProperty?
      if hasName(line, "BEGIN") || hasName(line, "END") {
        marker = contentLine(line, number: number, repairs: &repairs)
        repairs.removeAll()
      }
      let begun = marker?.known == .begin ? marker?.value.asciiUppercased().trimmingSpaces() : nil
      if raw.isActive {
        guard raw.take(line, number: number, begins: begun, ends: marker?.known == .end) else { return }
        raw.end()
        if try skip(raw) { return }
        try raw.forEachLine { try reader.handle($0, $1, body) }
      } else if begun == "VEVENT" && (reader.stack.isEmpty || (reader.stack.count == 1 && reader.isCalendar)) {
        raw.begin(line, number: number, isLoose: reader.stack.isEmpty)
      } else {
        try reader.handle(line, number, body)
      }
    }
    // A VEVENT cut short by the end of the file is read as it is (and refused as never closed).
    if raw.isActive { try raw.forEachLine { try reader.handle($0, $1, body) } }
    if let open = reader.stack.last {
      throw ICSError(line: open.line, "BEGIN:\(open.name) is never closed (the file may be cut short)")
    }
  }

  /// The second pass's state, line by line: the components open, the current VCALENDAR, and the hash of the
  /// VEVENT being read (as ``ICSRawEvent`` makes it, for its ``ICSComponent/sourceHash``). A struct, so that
  /// its fields are reached directly: captured by a closure, each use of them would be checked at run time.
  private struct Reader {
    let whole: Bool
    var stack: [ICSComponent] = []
    var calendar = -1
    var isCalendar = false
    var repairs: [(line: Int, note: String)] = []
    var hash = ICSRawEvent.initialHash
    var hashing = false

    init(whole: Bool) {
      self.whole = whole
    }

    mutating func handle(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ body: (Item) throws -> Void) throws {
      if hashing { ICSRawEvent.mix(line, into: &hash) }
      guard !isBlank(line) else { return }
      // A fifth of the lines are BEGIN and END: read from their bytes, they make no property to throw away.
      if let (isBegin, name) = marker(line) {
        if isBegin { try begin(name, line, number, body) } else { try end(name, number, body) }
        return
      }
      // Nothing reads an event's DTSTAMP (one line in eight): it is not made into a property only to be left.
      if hashing && !whole && stack.count == (isCalendar ? 2 : 1) && line.count > 7 && line[7] == 0x3A
        && line[0] | 0x20 == UInt8(ascii: "d") && hasName(line, "DTSTAMP")
      {
        return
      }
      let parsed = contentLine(line, number: number, repairs: &repairs)
      if !repairs.isEmpty {
        for repair in repairs { try body(.repaired(line: repair.line, note: repair.note)) }
        repairs.removeAll()
      }
      guard let property = parsed else {
        try body(.ignoredLine(number))
        return
      }
      switch property.known {
      case .begin: try begin(property.value.asciiUppercased().trimmingSpaces(), line, number, body)
      case .end: try end(property.value.asciiUppercased().trimmingSpaces(), number, body)
      default:
        guard !stack.isEmpty else {
          try body(.ignoredLine(number))
          return
        }
        if !whole && stack.count == 1 && isCalendar {
          try body(.calendarProperty(property))
        } else {
          if property.known == .other {
            // Kept as the file has it, should its event keep it (ICSImporter+KeptLines).
            let index = stack[stack.count - 1].properties.count
            stack[stack.count - 1].rawLines.append((index, String(decoding: line, as: UTF8.self)))
          }
          stack[stack.count - 1].properties.append(property)
        }
      }
    }

    /// A component named `name` begins on `line`.
    private mutating func begin(
      _ name: String, _ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ body: (Item) throws -> Void
    ) throws {
      guard !name.isEmpty else { throw ICSError(line: number, "BEGIN without a component name") }
      guard stack.count < maximumDepth else {
        throw ICSError(
          line: number, "BEGIN:\(name) is nested \(stack.count + 1) components deep: at most \(maximumDepth) are read"
        )
      }
      if stack.isEmpty {
        isCalendar = name == "VCALENDAR"
        if isCalendar {
          calendar += 1
          if !whole { try body(.calendar(index: calendar, line: number)) }
        }
      }
      if !whole && name == "VEVENT" && (stack.isEmpty || (stack.count == 1 && isCalendar)) {
        (hash, hashing) = (ICSRawEvent.initialHash, true)
        ICSRawEvent.mix(line, into: &hash)
      }
      stack.append(ICSComponent(name: name, line: number))
    }

    /// The component named `name` ends.
    private mutating func end(_ name: String, _ number: Int, _ body: (Item) throws -> Void) throws {
      guard var open = stack.popLast() else { throw ICSError(line: number, "END:\(name) without a BEGIN") }
      guard open.name == name else {
        throw ICSError(line: number, "END:\(name) closes BEGIN:\(open.name) of line \(open.line)")
      }
      if hashing && (stack.isEmpty || (stack.count == 1 && isCalendar)) {
        open.sourceHash = hash
        hashing = false
      }
      if stack.isEmpty {
        if whole || !isCalendar { try body(.component(open, calendar: isCalendar ? calendar : nil)) }
      } else if !whole && stack.count == 1 && isCalendar {
        try body(.component(open, calendar: calendar))
      } else {
        stack[stack.count - 1].components.append(open)
      }
    }
  }

  // MARK: Content lines

  /// Whether `line` holds only spaces and tabs.
  static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    // A content line starts with a letter: one look is nearly always enough.
    guard let first = line.first, first == 0x20 || first == 0x09 else { return line.isEmpty }
    return line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Whether the name a content line starts with (letters, digits, `-` and `_`) is `name` (upper-case),
  /// in any case.
  static func hasName(_ line: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    let count = name.utf8CodeUnitCount
    guard line.count > count, !isNameByte(line[count]) else { return false }
    let pattern = name.utf8Start
    for index in 0..<count where upper(line[index]) != pattern[index] { return false }
    return true
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x5F: return true
    default: return false
    }
  }

  private static func upper(_ byte: UInt8) -> UInt8 {
    (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
  }

  /// The component a `BEGIN:` or `END:` line without parameters names (whether it begins, and the name
  /// upper-cased), read straight from its bytes; `nil` for any other line, and for a name with spaces or
  /// non-ASCII letters, which the content-line reading trims and upper-cases.
  static func marker(_ line: UnsafeBufferPointer<UInt8>) -> (isBegin: Bool, name: String)? {
    // The first letter and the colon's place rule out nearly every other line before the name is compared.
    let isBegin: Bool
    switch line.first.map({ $0 | 0x20 }) {
    case UInt8(ascii: "b") where line.count > 5 && line[5] == 0x3A && hasName(line, "BEGIN"): isBegin = true
    case UInt8(ascii: "e") where line.count > 3 && line[3] == 0x3A && hasName(line, "END"): isBegin = false
    default: return nil
    }
    let value = UnsafeBufferPointer(rebasing: line[(isBegin ? 6 : 4)...])
    // The names nearly every file uses are given as literals: making a string of them cost more than the rest.
    switch value.count {
    case 6:
      if spells(value, "VEVENT") { return (isBegin, "VEVENT") }
      if spells(value, "VALARM") { return (isBegin, "VALARM") }
    case 8:
      if spells(value, "STANDARD") { return (isBegin, "STANDARD") }
      if spells(value, "DAYLIGHT") { return (isBegin, "DAYLIGHT") }
    case 9:
      if spells(value, "VCALENDAR") { return (isBegin, "VCALENDAR") }
      if spells(value, "VTIMEZONE") { return (isBegin, "VTIMEZONE") }
    default: break
    }
    guard !value.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 >= 0x80 }) else { return nil }
    return (isBegin, upperString(value))
  }

  /// Whether `bytes` spell `name` (upper-case, of their length) in any case.
  private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    let pattern = name.utf8Start
    for index in 0..<bytes.count where upper(bytes[index]) != pattern[index] { return false }
    return true
  }

  /// ASCII `bytes` upper-cased, as a string (short names need no allocation).
  private static func upperString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(where: { (0x61...0x7A).contains($0) }) else { return String(decoding: bytes, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = upper(byte) }
      return bytes.count
    }
  }

  /// `NAME;PARAM=a,"b:c";OTHER=x:VALUE`, or `nil` when the line is not a content line.
  static func contentLine(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, repairs: inout [(line: Int, note: String)]
  ) -> ICSProperty? {
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    }
    var index = 0
    let end = line.count
    while index < end, isNameByte(line[index]) { index += 1 }
    guard index > 0 else { return nil }
    let nameBytes = UnsafeBufferPointer(rebasing: line[0..<index])
    let (known, name) = ICSName.recognise(nameBytes) ?? (.other, upperString(nameBytes))
    var parameters: [(name: String, value: String)] = []
    while index < end, line[index] == 0x3B {  // ;
      index += 1
      let nameStart = index
      while index < end, line[index] != 0x3D, line[index] != 0x3A, line[index] != 0x3B { index += 1 }
      let parameterName = text(nameStart..<index).asciiUppercased().trimmingSpaces()
      if parameterName.isEmpty { repairs.append((number, "an empty parameter in \(name) was left out")) }
      guard index < end, line[index] == 0x3D else {  // =
        // A parameter without a value (seen in the wild): keep going.
        if !parameterName.isEmpty { parameters.append((parameterName, "")) }
        continue
      }
      index += 1
      var value: String?
      repeat {
        if index < end, line[index] == 0x2C { index += 1 }  // ,
        let part: String
        if index < end, line[index] == 0x22 {  // "
          index += 1
          let start = index
          while index < end, line[index] != 0x22 { index += 1 }
          guard index < end else { return nil }
          part = text(start..<index)
          index += 1
        } else {
          let start = index
          while index < end, line[index] != 0x2C, line[index] != 0x3A, line[index] != 0x3B { index += 1 }
          part = text(start..<index)
        }
        value = value.map { $0 + "," + part } ?? part
      } while index < end && line[index] == 0x2C
      if !parameterName.isEmpty { parameters.append((parameterName, value ?? "")) }
    }
    guard index < end, line[index] == 0x3A else { return nil }  // :
    return ICSProperty(
      name: name, known: known, parameters: parameters, value: text((index + 1)..<end), line: number)
  }
}

extension String {
  /// The string without spaces and tabs at either end.
  public func trimmingSpaces() -> String {
    var text = self
    let untouched = text.withUTF8 { bytes in
      guard let first = bytes.first, let last = bytes.last else { return true }
      return first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09
    }
    if untouched { return self }
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[start...end])
  }
}
