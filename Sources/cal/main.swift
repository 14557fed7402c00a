import CalCLI
import CalCore
import Glibc

// The only place that reads the clock, the time zone and the environment; everything below gets them
// passed in.

tzset()
var now = timespec()
clock_gettime(CLOCK_REALTIME, &now)
let nowMilliseconds = Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000

/// The local wall-clock reading of an instant, from the system time-zone database and `TZ`.
func localTime(_ milliseconds: Int64) -> tm {
  var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
  var fields = tm()
  localtime_r(&seconds, &fields)
  return fields
}

let local = localTime(nowMilliseconds)
let today =
  (try? CivilDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday)))
  ?? CivilDate(daysSince1970: 0)!

var environment: [String: String] = [:]
for name in ["CAL_DB", "XDG_DATA_HOME", "HOME", "NO_COLOR"] {
  if let value = getenv(name) { environment[name] = String(cString: value) }
}

let context = CommandContext(
  today: today, nowMilliseconds: nowMilliseconds, utcOffset: { Int(localTime($0).tm_gmtoff) },
  environment: environment, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
  write: { print($0, terminator: "") })

/// Writes to standard error at once, unbuffered, as stderr is.
func writeError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in _ = Glibc.write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

// exit() flushes what print buffered.
exit(CalApp.run(Array(CommandLine.arguments.dropFirst()), context: context, writeError: writeError))
