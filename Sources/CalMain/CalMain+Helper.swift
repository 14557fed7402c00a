import CalCLI
import Glibc

extension CalMain {
  /// The absolute path of this program, from `/proc/self/exe`.
  static func executablePath() -> String? {
    var path = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Every environment variable as `NAME=value`.
  static func environmentEntries() -> [String] {
    var entries: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
      entries.append(String(cString: pointer))
      entry += 1
    }
    return entries
  }

  /// The networking executable, started for what needs the network (the git-<command> pattern).
  static let helperName = "cal-sync"

  /// Replaces this process with `cal-sync` from the folder this executable is in, with the same arguments
  /// and environment; returns only by throwing when it cannot be started.
  static func startHelper() throws -> Never {
    let own = executablePath() ?? ""
    let folder = own.contains("/") ? String(own[..<own.lastIndex(of: "/")!]) : "."
    let helper = (folder.isEmpty ? "" : folder) + "/" + helperName
    let arguments = [helper] + CommandLine.arguments.dropFirst()
    let argv = arguments.map { strdup($0) } + [nil]
    execv(helper, argv)
    let reason = String(cString: strerror(errno))
    argv.forEach { free($0) }
    throw CalError(
      "this needs the network, which cal leaves to \(helperName); it could not be started from \(helper) "
        + "(\(reason)): install \(helperName) beside cal")
  }
}
