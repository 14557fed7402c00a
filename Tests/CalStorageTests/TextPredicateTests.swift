import CalCore
import Testing

@testable import CalStorage

/// `cal_text_matches`: what a search finds is what reading the events and comparing their text would find.
@Suite("Search in SQL")
struct TextPredicateTests {
  let folder: TemporaryFolder
  let store: CalendarStore

  init() throws {
    folder = try TemporaryFolder()
    store = try CalendarStore(path: folder.file("cal.db"), now: 0)
  }

  private func titles(matching text: String) throws -> [String] {
    var titles: [String] = []
    try store.events.forEachEvent(matching: TextSearch(text)) { event in
      titles.append(event.title)
      return true
    }
    return titles
  }

  @Test("text stored as a blob (a file edited by hand) is searched as the text it is read as")
  func blobs() throws {
    _ = try store.events.insert(fields("2024-05-12", "dentist", note: "bring the card"), at: 1)
    _ = try store.events.insert(fields("2024-05-13", "Zahnarzt"), at: 1)
    try store.database.execute("UPDATE events SET title = CAST(title AS BLOB), note = CAST(note AS BLOB)")
    #expect(try titles(matching: "DENT") == ["dentist"])
    #expect(try titles(matching: "card") == ["dentist"])
    #expect(try titles(matching: "zahn") == ["Zahnarzt"])
  }

  @Test("a search run while another reads its rows leaves the other's predicate in place")
  func nested() throws {
    for (start, title) in [("2024-05-12", "dentist"), ("2024-05-13", "dinner"), ("2024-05-14", "doctor")] {
      _ = try store.events.insert(fields(start, title), at: 1)
    }
    var outer: [String] = []
    var inner: [[String]] = []
    try store.events.forEachEvent(matching: TextSearch("d")) { event in
      outer.append(event.title)
      var found: [String] = []
      try store.events.forEachEvent(newestFirst: true, matching: TextSearch("nn")) {
        found.append($0.title)
        return true
      }
      inner.append(found)
      return true
    }
    #expect(outer == ["dentist", "dinner", "doctor"])
    #expect(inner == [["dinner"], ["dinner"], ["dinner"]])
  }
}
