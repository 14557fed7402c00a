import CalCLI
import CalCore
import CalInteractive
import CalService
import Glibc

// The only place that reads the clock, the time zone and the environment; everything below gets them
// passed in.

// Keep freed memory for reuse instead of handing it back and faulting it in again: a long listing grows
// and frees its arrays many times, and each fresh page costs a page fault.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = mallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD (malloc.h is not in Swift's Glibc module)
_ = mallopt(-1, 128 << 20)  // M_TRIM_THRESHOLD

/// The current instant in Unix milliseconds.
func nowMilliseconds() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

/// The locale's names and first weekday, from glibc: `LC_ALL`, `LC_TIME` or `LANG`; English in C/POSIX.
func calendarLocale() -> CalendarLocale {
  // Only LC_TIME matters; the C locales need no loading at all, which keeps start-up short.
  let variables: [String] = ["LC_ALL", "LC_TIME", "LANG"]
  let name = variables.lazy.compactMap { getenv($0).map { String(cString: $0) } }.first { !$0.isEmpty } ?? "C"
  if ["C", "POSIX", "C.UTF-8", "C.utf8"].contains(name) { return .english }
  guard setlocale(LC_TIME, "") != nil else { return .english }
  func item(_ item: Int32) -> String { String(cString: nl_langinfo(nl_item(item))) }
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
    weekdayFullNames: (0..<7).map { item(Int32(DAY_1) + $0) })
}

/// The whole of a small file, or `nil` when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 16_384)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return count == 0 ? bytes : nil }
    bytes += buffer[..<count]
    guard bytes.count <= 1 << 20 else { return nil }
  }
}

/// A zone of the system's time-zone database (`$TZDIR`, else /usr/share/zoneinfo) by name.
func readZone(_ name: String) throws(ZoneError) -> ZoneInfo {
  let allowed = name.unicodeScalars.allSatisfy {
    ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
      || "/_+-".unicodeScalars.contains($0)
  }
  guard allowed, !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
  else { throw .unknown(name) }
  let folder = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
  guard let bytes = readFile(folder + "/" + name) else { throw .unknown(name) }
  return try ZoneInfo(name: name, tzif: bytes)
}

/// The user's zone, read as glibc reads it: `TZ` (a zone name, a file, or a POSIX rule), else /etc/localtime.
///
/// - Returns: the zone, or why `TZ` cannot be used (glibc would silently take UTC: a typo must not move
///   every event by hours without a word).
func localZone(zones: ZoneLoader) -> Result<ZoneInfo, ZoneError> {
  guard let value = getenv("TZ").map({ String(cString: $0) }) else {
    guard let bytes = readFile("/etc/localtime") else { return .success(.utc) }
    var link = [CChar](repeating: 0, count: 4096)
    let length = readlink("/etc/localtime", &link, link.count - 1)
    let target = length > 0 ? String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let name = target.split(separator: "zoneinfo/").last.map(String.init) ?? "localtime"
    return .success((try? ZoneInfo(name: name, tzif: bytes)) ?? .utc)
  }
  let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
  // UTC needs no file (reading and parsing one is a measurable share of a command's start).
  if name.isEmpty || name == "UTC" { return .success(.utc) }
  if name.hasPrefix("/") {
    guard let bytes = readFile(name) else { return .failure(.unknown(name)) }
    return Result { () throws(ZoneError) in try ZoneInfo(name: name, tzif: bytes) }
  }
  if let zone = try? zones.zone(name) { return .success(zone) }
  return Result { () throws(ZoneError) in try ZoneInfo(name: name, posix: name) }.mapError { _ in .unknown(name) }
}

var environment: [String: String] = [:]
for name in ["CAL_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "CAL_ANIMATION"] {
  if let value = getenv(name) { environment[name] = String(cString: value) }
}

/// Writes all of `bytes` to `descriptor`; `nil` when it did, else why not.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return String(cString: strerror(written < 0 ? errno : EIO)) }
      offset += written
    }
    return nil
  }
}

/// Writes to standard error.
func writeError(_ text: String) { _ = writeAll(Array(text.utf8), to: STDERR_FILENO) }

/// Milliseconds on the monotonic clock.
func monotonicMilliseconds() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

// A failed write to a closed pipe is an error to report, not a signal that ends the program.
signal(SIGPIPE, SIG_IGN)

/// The size of the terminal on standard output; a terminal that does not say is taken to be the
/// traditional 24 by 80.
func terminalSize() -> (rows: Int, columns: Int) {
  var size = winsize()
  guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
  return (Int(size.ws_row), Int(size.ws_col))
}

/// `CAL_TEST_NOW`, for tests and documentation examples only: the instant to take for now, as Unix
/// milliseconds or as `YYYY-MM-DDTHH:MM[:SS]` with `Z` or an offset such as `+02:00`; or `@FILE`, a file that
/// holds such an instant and is read anew each time the clock is read, so that a test moves the clock of a
/// running `cal remind --watch` by writing to it. `nil` when unset (the real clock then).
func pinnedClock() -> (now: () -> Int64, file: String?)? {
  guard let text = getenv("CAL_TEST_NOW").map({ String(cString: $0) }), !text.isEmpty else { return nil }
  guard text.hasPrefix("@") else {
    guard let instant = instant(text) else { return nil }
    return ({ instant }, nil)
  }
  let file = String(text.dropFirst())
  return ({ readFile(file).flatMap { instant(String(decoding: $0, as: UTF8.self)) } ?? 0 }, file)
}

/// An instant as `CAL_TEST_NOW` gives it, in Unix milliseconds; `nil` when it cannot be read.
func instant(_ text: String) -> Int64? {
  var text = text
  while text.last?.isWhitespace == true { text.removeLast() }
  if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int64(text) }
  let bytes = Array(text.utf8)
  guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T"), let date = try? CivilDate(parsing: String(text.prefix(10)))
  else { return nil }
  func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
  guard let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
  var index = 16
  var second = 0
  if bytes.count > 19, bytes[16] == UInt8(ascii: ":"), let value = number(17..<19), value < 60 {
    second = value
    index = 19
  }
  var offset = 0
  let zone = bytes[index...]
  if zone.elementsEqual("Z".utf8) {
    offset = 0
  } else if zone.count == 6, let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
    let hours = number((index + 1)..<(index + 3)), let minutes = number((index + 4)..<(index + 6))
  {
    offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
  } else {
    return nil
  }
  let seconds = Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
  return seconds * 1000
}

/// Every environment variable as `NAME=value`.
func environmentEntries() -> [String] {
  var entries: [String] = []
  var entry = environ
  while let pointer = entry.pointee {
    entries.append(String(cString: pointer))
    entry += 1
  }
  return entries
}

/// The absolute path of this program, from `/proc/self/exe`.
func executablePath() -> String? {
  var path = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &path, path.count - 1)
  guard length > 0 else { return nil }
  return String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

let zones = ZoneLoader(readZone)
let pinned = pinnedClock()
let userZone = localZone(zones: zones)
let outputIsTerminal = isatty(STDOUT_FILENO) == 1
// One reading of the user's zone serves today's date, timestamps and events alike.
let context = CommandContext(
  locale: calendarLocale(), localZone: (try? userZone.get()) ?? .utc, zones: zones,
  now: pinned?.now ?? nowMilliseconds,
  environment: environment, outputIsTerminal: outputIsTerminal, terminalSize: outputIsTerminal ? terminalSize() : nil,
  output: TextOutput { writeAll($0, to: STDOUT_FILENO) }, writeError: writeError,
  errorIsTerminal: isatty(STDERR_FILENO) == 1, elapsedMilliseconds: monotonicMilliseconds,
  environmentProblem: { if case .failure(let error) = userZone { "TZ: \(error)" } else { nil } }(),
  inputIsTerminal: { isatty(STDIN_FILENO) == 1 },
  // Only a closure: nothing of the page is built unless `cal interactive` runs.
  frontEnds: FrontEnds(interactive: { request in
    try InteractivePage.run(
      calendar: request.calendar, locale: request.locale, colors: request.colors, animates: request.animates,
      // CAL_TEST_FAULT, for the tests only: F12 throws (`throw`) or crashes (`trap`) the page.
      monotonic: request.monotonic, fault: getenv("CAL_TEST_FAULT").map { String(cString: $0) })
  }), inheritedEnvironment: environmentEntries, executablePath: executablePath, clockFile: pinned?.file)

exit(CalApp.run(Array(CommandLine.arguments.dropFirst()), context: context))
