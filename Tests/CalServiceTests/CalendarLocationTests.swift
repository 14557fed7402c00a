import CalService
import Testing

@Suite("Where the calendar lives")
struct CalendarLocationTests {
  private func expect(
    _ environment: [String: String], option: String? = nil, path: String, isDefault: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let location = try CalendarLocation.resolve(option: option, environment: environment)
    #expect(location == CalendarLocation(path: path, isDefault: isDefault), sourceLocation: sourceLocation)
  }

  @Test("--db, then CAL_DB, then an absolute XDG_DATA_HOME, then HOME; empty ones count as unset")
  func order() throws {
    let home = "/home/ana/.local/share/cal/calendar.db"
    try expect(["HOME": "/home/ana", "CAL_DB": "/c.db"], option: "x.db", path: "x.db", isDefault: false)
    try expect(["HOME": "/home/ana", "CAL_DB": "/c.db", "XDG_DATA_HOME": "/d"], path: "/c.db", isDefault: false)
    try expect(["HOME": "/home/ana", "CAL_DB": "", "XDG_DATA_HOME": "/d"], path: "/d/cal/calendar.db", isDefault: true)
    try expect(["HOME": "/home/ana", "XDG_DATA_HOME": "data"], path: home, isDefault: true)
    try expect(["HOME": "/home/ana", "XDG_DATA_HOME": ""], path: home, isDefault: true)
  }

  @Test("without HOME, or with a relative one, the calendar has no place: an error, never the current folder")
  func noHome() throws {
    for environment in [
      [:], ["HOME": ""], ["HOME": "ana"], ["HOME": "./ana"], ["HOME": "relative", "XDG_DATA_HOME": "x"],
    ] {
      #expect(throws: ServiceError.self, "\(environment)") {
        try CalendarLocation.resolve(option: nil, environment: environment)
      }
    }
    #expect(try CalendarLocation.resolve(option: nil, environment: ["HOME": "ana", "CAL_DB": "a.db"]).path == "a.db")
  }
}
