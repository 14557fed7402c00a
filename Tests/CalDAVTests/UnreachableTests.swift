import CalDAV
import Foundation
import Testing

/// Failures that need no server at all.
@Suite struct UnreachableTests {
  @Test func aClosedPortIsAQuickConnectionRefusal() throws {
    let port = try FreePort.take()
    let client = CalDAVClient(credentials: CalDAVCredentials(user: "u", password: "secret"))
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: CalDAVError.connectionRefused(url: "http://127.0.0.1:\(port)/cal/")) {
      _ = try client.collection("http://127.0.0.1:\(port)/cal/").listETags()
    }
    #expect(clock.now - start < .seconds(2))
  }

  @Test func aURLThatIsNotHTTPIsRefusedWithoutItsPassword() {
    let client = CalDAVClient(credentials: nil)
    #expect(throws: CalDAVError.invalidURL("not an http(s) URL: ftp://host/x")) {
      _ = try client.discover("ftp://user:hunter2@host/x")
    }
  }
}
