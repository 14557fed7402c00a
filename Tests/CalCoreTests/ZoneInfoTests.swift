import Foundation
import Testing

@testable import CalCore

@Suite("Time zones")
struct ZoneInfoTests {
  static func zone(_ name: String) throws -> ZoneInfo {
    let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name))
    return try ZoneInfo(name: name, tzif: Array(bytes))
  }

  static let names = [
    "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham",
    "Europe/London", "UTC", "America/Sao_Paulo", "Africa/Casablanca", "Asia/Tokyo", "America/Los_Angeles",
  ]

  @Test(
    "offsets agree with the system's own zone code from 1900 to 2200",
    .enabled(if: (try? shell("/usr/bin/python3 -c 'import zoneinfo'")) != nil))
  func agreesWithSystem() throws {
    let instants = stride(from: Int64(-2_208_988_800), to: 7_258_118_400, by: 1_296_001).map { $0 }
    for name in Self.names {
      let zone = try Self.zone(name)
      let script = """
        import datetime, zoneinfo
        z = zoneinfo.ZoneInfo("\(name)")
        for t in range(-2208988800, 7258118400, 1296001):
            print(int(datetime.datetime.fromtimestamp(t, z).utcoffset().total_seconds()))
        """
      let theirs = try shell("/usr/bin/python3 -c '\(script)'").split(separator: "\n").compactMap { Int($0) }
      let ours = instants.map { zone.offset(atUTC: $0) }
      #expect(ours.count == theirs.count)
      let firstDifference = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(firstDifference == nil, "\(name) differs at \(firstDifference.map { instants[$0.offset] } ?? 0)")
    }
  }

  /// Seconds since 1970-01-01 00:00 on a wall clock that reads `local`, such as `2024-03-31T02:30`.
  private func localSeconds(_ local: String) throws -> Int64 {
    let parts = local.split(separator: "T")
    let date = try CivilDate(parsing: String(parts[0]))
    let time = parts[1].split(separator: ":").compactMap { Int64($0) }
    return Int64(date.daysSince1970) * 86_400 + time[0] * 3600 + time[1] * 60
  }

  private func utc(_ zone: ZoneInfo, _ local: String) throws -> Int64 {
    zone.utc(fromLocal: try localSeconds(local))
  }

  @Test("a skipped wall time is read with the offset from before the gap; a repeated one means the first")
  func gapsAndOverlaps() throws {
    let berlin = try Self.zone("Europe/Berlin")
    #expect(try utc(berlin, "2024-03-31T02:30") == 1_711_848_600)  // 01:30 UTC, which reads 03:30 CEST
    #expect(try utc(berlin, "2024-10-27T02:30") == 1_729_989_000)  // 00:30 UTC: the first 02:30, in CEST
    #expect(try utc(berlin, "2024-07-01T12:00") == 1_719_828_000)  // 10:00 UTC
    #expect(try utc(berlin, "2024-01-15T12:00") == 1_705_316_400)  // 11:00 UTC
  }

  @Test("POSIX TZ strings work on their own, both hemispheres")
  func posix() throws {
    let europe = try ZoneInfo(name: "CET", posix: "CET-1CEST,M3.5.0,M10.5.0/3")
    #expect(europe.offset(atUTC: 1_719_828_000) == 7200)
    #expect(europe.offset(atUTC: 1_705_316_400) == 3600)
    let sydney = try ZoneInfo(name: "AEST", posix: "AEST-10AEDT,M10.1.0,M4.1.0/3")
    #expect(sydney.offset(atUTC: 1_705_316_400) == 39600)  // January: summer
    #expect(sydney.offset(atUTC: 1_719_828_000) == 36000)
    #expect(try ZoneInfo(name: "IST", posix: "<+0530>-5:30").offset(atUTC: 0) == 19800)
    #expect(throws: ZoneError.self) { try ZoneInfo(name: "x", posix: "nonsense,") }
  }

  @Test("a file that is not TZif is refused")
  func notTZif() {
    #expect(throws: ZoneError.notTZif("bad")) { try ZoneInfo(name: "bad", tzif: Array("hello".utf8)) }
    #expect(throws: ZoneError.notTZif("short")) { try ZoneInfo(name: "short", tzif: Array("TZif2".utf8)) }
  }
}

extension ZoneInfoTests {
  @Test("a POSIX rule finds the right year at an instant that is an exact negative multiple of a day")
  func posixYearBeforeEpoch() throws {
    // Daylight time from 1 January 00:00 to 31 December 23:00: 1969-01-01T00:00Z is already in it.
    let zone = try ZoneInfo(name: "x", posix: "STD0DST-1,0/0,J365/23")
    #expect(zone.offset(atUTC: -31_536_000) == 3600)  // 1969-01-01T00:00:00Z
    #expect(zone.offset(atUTC: -31_536_001) == 0)  // 1968-12-31T23:59:59Z, after the 1968 end
    #expect(zone.offset(atUTC: 0) == 3600)  // 1970-01-01T00:00:00Z
  }

  @Test("the changes a VTIMEZONE needs are found over any span of instants, from the first to the last")
  func changesOverAnySpan() throws {
    let zone = try ZoneInfo(name: "CET", posix: "CET-1CEST,M3.5.0,M10.5.0/3")
    for (first, last) in [(Int64.min, Int64?.none), (.min, .max), (.min, .min), (-86_400, 0)] {
      let (_, changes) = zone.changes(from: first, through: last)
      #expect(changes.allSatisfy { $0.instant <= (last ?? .max) }, "\(first)...\(String(describing: last))")
    }
  }
}

extension ZoneInfoTests {
  @Test("every TZif file of the system's database reads, footer and all")
  func everySystemZone() throws {
    let root = "/usr/share/zoneinfo/"
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    var read = 0
    for name in files {
      guard let bytes = FileManager.default.contents(atPath: root + name), bytes.starts(with: Array("TZif".utf8))
      else { continue }
      #expect(throws: Never.self, "\(name)") { _ = try ZoneInfo(name: name, tzif: Array(bytes)) }
      read += 1
    }
    #expect(read > 300 || files.isEmpty)
  }
}

extension ZoneInfoTests {
  private func resolve(_ zone: ZoneInfo, _ local: String) throws -> WallClockResolution {
    zone.resolve(localSeconds: try localSeconds(local))
  }

  @Test("a wall-clock reading is unique, skipped by spring forward, or repeated by fall back")
  func wallClockResolution() throws {
    let berlin = try Self.zone("Europe/Berlin")
    // 2024-03-31 02:30 does not exist: read with CET it is 01:30 UTC, which the clocks show as 03:30.
    #expect(try resolve(berlin, "2024-03-31T02:30") == .skipped(utc: 1_711_848_600, shiftedBy: 3600))
    // 2024-10-27 02:30 happens at 00:30 UTC (CEST), and again an hour later (CET).
    #expect(try resolve(berlin, "2024-10-27T02:30") == .repeated(first: 1_729_989_000, second: 1_729_992_600))
    #expect(try resolve(berlin, "2024-07-01T12:00") == .unique(1_719_828_000))
    #expect(try resolve(berlin, "2024-10-27T03:00") == .unique(1_729_994_400))  // just after the repeat
    #expect(try resolve(berlin, "2024-03-31T03:00") == .unique(1_711_846_800))  // just after the gap
    #expect(WallClockResolution.skipped(utc: 5, shiftedBy: 3600).utc == 5)
    #expect(WallClockResolution.repeated(first: 5, second: 3605).utc == 5)
    let sydney = try ZoneInfo(name: "AEST", posix: "AEST-10AEDT,M10.1.0,M4.1.0/3")
    #expect(try resolve(sydney, "2024-10-06T02:30") == .skipped(utc: 1_728_145_800, shiftedBy: 3600))
    #expect(try resolve(sydney, "2024-04-07T02:30") == .repeated(first: 1_712_417_400, second: 1_712_421_000))
    #expect(try resolve(.utc, "2024-03-31T02:30") == .unique(1_711_852_200))
  }

  @Test("a zone writes any instant as ISO 8601 on its clock, past 9999 too")
  func zoneTimestamps() throws {
    let berlin = try Self.zone("Europe/Berlin")
    #expect(berlin.iso8601(atUnixMilliseconds: 1_715_517_000_999) == "2024-05-12T14:30:00+02:00")
    #expect(berlin.iso8601(atUnixMilliseconds: -1) == "1970-01-01T00:59:59+01:00")
    #expect(berlin.iso8601(atUnixMilliseconds: 262_042_250_340_000) == "9999-12-31T23:59:59+01:00")
    // Outside the years 1 to 9999 a POSIX rule reads as 400 years nearer: summer time in July of year 0 too.
    let europe = try ZoneInfo(name: "CET", posix: "CET-1CEST,M3.5.0,M10.5.0/3")
    #expect(europe.offset(atUTC: -62_151_451_200) == 7200)  // 0000-07-01T12:00:00Z
    #expect(europe.offset(atUTC: -62_167_176_000) == 3600)  // 0000-01-01T12:00:00Z
    #expect(europe.offset(atUTC: 253_418_068_800) == 7200)  // 10000-07-01T12:00:00Z
  }
}
