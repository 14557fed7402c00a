import Foundation
import Testing

/// Commands on the default calendar (no `--db`, no `CAL_DB`) when `HOME` is not a folder one can use: a
/// command that only reads reads an empty calendar where none can be, and says it cannot read where one may
/// be; one that writes says it cannot create the folder. Read-only commands said "cannot create ~/.local".
final class UnreachableHomeTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess(creatingCalendar: false)
  }

  deinit {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cal.folder + "/home")
    cal.remove()
  }

  private static let readers = [
    ["list"], ["show"], ["agenda"], ["search", "x"], ["calendar", "list"], ["log"], ["export"], ["rm", "1"],
  ]

  /// Runs `arguments` on the default calendar of `home`, pinned, as `user` (`setpriv`'s words) when given.
  private func run(_ arguments: [String], home: String, user: [String] = []) throws -> Subprocess.Result {
    try cal.run(
      user + [CalProcess.binary] + arguments, withDatabase: false,
      environment: ["HOME": home, "CAL_TEST_NOW": "2024-05-12T10:00:00Z"],
      binary: user.isEmpty ? "/usr/bin/env" : "/usr/bin/setpriv")
  }

  @Test("HOME naming a file: reading commands read an empty calendar, add says it cannot create ~/.local")
  func homeIsAFile() throws {
    let fresh = cal.folder + "/fresh"
    let file = cal.folder + "/file"
    try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: false)
    try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
    for command in Self.readers {
      let expected = try run(command, home: fresh)
      let read = try run(command, home: file)
      #expect(read.status == expected.status && read.stdout == expected.stdout, "\(command): \(read.stderr)")
      #expect(read.stderr == expected.stderr, "\(command)")
    }
    // Reading commands on a fresh HOME create nothing, as before.
    #expect(try FileManager.default.contentsOfDirectory(atPath: fresh) == [])
    let refused = try run(["add", "today", "x"], home: file)
    #expect(refused.status == 1 && refused.stderr == "Error: cannot create \(file)/.local: Not a directory\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder")
  }

  @Test(
    "HOME a folder one may not search: reading commands say they cannot read, add that it cannot create",
    .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func homeCannotBeSearched() throws {
    let home = cal.folder + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: home)
    // Root searches any folder: nobody is who may not.
    let user = getuid() == 0 ? ["--reuid=65534", "--regid=65534", "--clear-groups"] : []
    for command in Self.readers + [["show", "2024-05"]] {
      let refused = try run(command, home: home, user: user)
      #expect(
        refused.status == 1
          && refused.stderr == "Error: cannot read \(home)/.local/share/cal/calendar.db: Permission denied\n",
        "\(command): \(refused.stderr)")
    }
    let refused = try run(["add", "today", "x"], home: home, user: user)
    #expect(refused.status == 1 && refused.stderr == "Error: cannot create \(home)/.local: Permission denied\n")
  }
}
