import CalCLI
import Glibc

extension CalMain {
  /// The networking executable, started for what needs the network (the git-<command> pattern).
  static let helperName = "cal-sync"

  /// Replaces this process with `cal-sync` from the folder this executable is in, with the same arguments
  /// and environment; returns only by throwing when it cannot be started.
  static func startHelper() throws -> Never {
    var link = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &link, link.count - 1)
    let own = length > 0 ? String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
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
