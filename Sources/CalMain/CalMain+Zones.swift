import CalCore
import CalService
import Glibc

extension CalMain {
  /// The locale's names, first weekday, order of dates and clock, from glibc: `LC_ALL`, `LC_TIME` or `LANG`; English in C/POSIX.
  static func calendarLocale() -> CalendarLocale {
    // Only LC_TIME matters; the C locales need no loading at all, which keeps start-up short.
    let variables: [String] = ["LC_ALL", "LC_TIME", "LANG"]
    let name = variables.lazy.compactMap { getenv($0).map { String(cString: $0) } }.first { !$0.isEmpty } ?? "C"
    if ["C", "POSIX", "C.UTF-8", "C.utf8"].contains(name) { return .english }
    guard setlocale(LC_TIME, "") != nil else { return .english }
    // A locale is a file anyone can build: its names are shown harmlessly, as titles are.
    func item(_ item: Int32) -> String { TerminalText.sanitized(String(cString: nl_langinfo(nl_item(item)))) }
    // _NL_TIME_WEEK_1STDAY is a date (YYYYMMDD) whose weekday is day 1; _NL_TIME_FIRST_WEEKDAY counts from it.
    let reference = Int(
      bitPattern: UInt(UInt32(truncatingIfNeeded: Int(bitPattern: nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY))))))
    let referenceDay = try? CivilDate(year: reference / 10000, month: reference / 100 % 100, day: reference % 100)
    let offset = Int(nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY))[0]) - 1
    let first = (referenceDay?.weekday ?? .sunday).advanced(by: offset)
    return CalendarLocale(
      monthNames: (0..<12).map { item(Int32(__ALTMON_1) + $0) },
      weekdayNames: (0..<7).map { item(Int32(ABDAY_1) + $0) }, firstWeekday: first,
      monthAbbreviations: (0..<12).map { item(Int32(ABMON_1) + $0) },
      monthNamesInDates: (0..<12).map { item(Int32(MON_1) + $0) },
      weekdayFullNames: (0..<7).map { item(Int32(DAY_1) + $0) },
      dayBeforeMonth: CalendarLocale.dayBeforeMonth(inDateFormat: String(cString: nl_langinfo(nl_item(D_FMT)))),
      localeClock: ClockStyle(timeFormat: String(cString: nl_langinfo(nl_item(T_FMT)))))
  }

  /// The whole of a small regular file, or `nil` when it cannot be read or is something else. Opened without
  /// waiting: a FIFO named by TZ, TZDIR or CAL_TEST_NOW=@FILE held every command at its start for ever,
  /// waiting for a writer that never came.
  static func readFile(_ path: String) -> [UInt8]? {
    var failure: Int32 = 0
    return readFile(path, failure: &failure)
  }

  /// The whole of a small regular file, as `readFile(_:)`; when it cannot be read, `failure` says why: the
  /// system's error number, or 0 when the file is something else or too large.
  static func readFile(_ path: String, failure: inout Int32) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      failure = errno
      return nil
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 { failure = errno }
        return count == 0 ? bytes : nil
      }
      bytes += buffer[..<count]
      guard bytes.count <= 1 << 20 else { return nil }
    }
  }

  /// The bytes of the zone file at `path` for the zone `name`. A file that is not there (or not a small
  /// regular file) is an unknown zone; one the system could not read (too many open files, no permission)
  /// says why, rather than call a good name unknown.
  static func readZoneFile(_ path: String, name: String) throws(ZoneError) -> [UInt8] {
    var failure: Int32 = 0
    if let bytes = readFile(path, failure: &failure) { return bytes }
    guard ![0, ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP].contains(failure) else { throw .unknown(name) }
    throw .unreadable(name, reason: String(cString: strerror(failure)))
  }

  /// A zone of the system's time-zone database (`$TZDIR`, else /usr/share/zoneinfo) by name.
  static func readZone(_ name: String) throws(ZoneError) -> ZoneInfo {
    let allowed = name.unicodeScalars.allSatisfy {
      ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        || "/_+-".unicodeScalars.contains($0)
    }
    guard allowed, !name.isEmpty, !name.hasPrefix("/"),
      !name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
    else { throw .unknown(name) }
    let folder = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
    return try ZoneInfo(name: name, tzif: readZoneFile(folder + "/" + name, name: name))
  }

  /// The user's zone, read as glibc reads it: `TZ` (a zone name, a file, or a POSIX rule), else /etc/localtime.
  ///
  /// - Returns: the zone, or why `TZ` cannot be used (glibc would silently take UTC: a typo must not move
  ///   every event by hours without a word).
  static func localZone(zones: ZoneLoader) -> Result<ZoneInfo, ZoneError> {
    guard let value = getenv("TZ").map({ String(cString: $0) }) else {
      let bytes: [UInt8]
      do {
        bytes = try readZoneFile("/etc/localtime", name: "/etc/localtime")
      } catch {
        // No /etc/localtime means UTC, as for glibc; one that cannot be read is said.
        guard case .unreadable = error else { return .success(.utc) }
        return .failure(error)
      }
      var link = [CChar](repeating: 0, count: 4096)
      let length = readlink("/etc/localtime", &link, link.count - 1)
      let target = length > 0 ? link[..<length].map { UInt8(bitPattern: $0) } : []
      // The name after the last "zoneinfo/", found by bytes: `split(separator: "zoneinfo/")` would load
      // the string-searching machinery, a tenth of a command's start-up.
      let marker = Array("zoneinfo/".utf8)
      let start = target.indices.reversed().first { target[$0...].starts(with: marker) }.map { $0 + marker.count }
      let name = target.isEmpty ? "localtime" : String(decoding: target[(start ?? 0)...], as: UTF8.self)
      return .success((try? ZoneInfo(name: name, tzif: bytes)) ?? .utc)
    }
    let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
    // UTC needs no file (reading and parsing one is a measurable share of a command's start).
    if name.isEmpty || name == "UTC" { return .success(.utc) }
    if name.hasPrefix("/") {
      return Result { () throws(ZoneError) in try ZoneInfo(name: name, tzif: readZoneFile(name, name: name)) }
    }
    let failure: ZoneError
    do {
      return .success(try zones.zone(name))
    } catch {
      failure = error
    }
    // Else a POSIX rule (EST5EDT), as glibc reads it, also when the name's file could not be read (a TZDIR
    // the user may not read): only when it is no rule either is that said, rather than an unknown name.
    if let rule = try? ZoneInfo(name: name, posix: name) { return .success(rule) }
    if case .unreadable = failure { return .failure(failure) }
    return .failure(.unknown(name))
  }

  /// What is wrong with the user's zone, in words: TZ's value, unless the system could not read a good
  /// zone's file (TZ is not to blame then).
  static func zoneProblem(_ error: ZoneError) -> String {
    if case .unreadable = error { return "\(error)" }
    return "TZ: \(error)"
  }
}
