import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cal-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }
}

/// The bytes of a file, to prove that something left it untouched.
func contents(of path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of a file or folder.
func permissions(of path: String) throws -> Int {
  (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
