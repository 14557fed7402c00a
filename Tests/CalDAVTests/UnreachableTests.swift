import CalDAV
import CalServerSupport
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
    #expect(throws: CalDAVError.invalidURL("not an http(s) URL: (not a URL)")) {
      _ = try client.collection("user:hunter2@host/x")
    }
  }
}

/// HTTPS certificates are verified: a server with a self-signed certificate is refused.
@Suite struct CertificateTests {
  @Test func aSelfSignedCertificateIsATLSFailure() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caldav-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let key = folder.appendingPathComponent("key.pem").path
    let certificate = folder.appendingPathComponent("cert.pem").path
    let openssl = Process()
    openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    openssl.arguments = [
      "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
      "-subj", "/CN=127.0.0.1",
    ]
    openssl.standardOutput = FileHandle.nullDevice
    openssl.standardError = FileHandle.nullDevice
    try openssl.run()
    openssl.waitUntilExit()
    if openssl.terminationStatus != 0 { try Test.cancel("openssl cannot make a test certificate") }
    let server = try ServiceProcess(
      python: """
        import http.server, ssl, sys
        server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """, [certificate, key])
    let url = "https://127.0.0.1:\(server.firstLine)/"
    do {
      _ = try CalDAVClient(credentials: CalDAVCredentials(user: "u", password: "p")).discover(url)
      Issue.record("a self-signed certificate was accepted")
    } catch {
      guard case .tlsFailure(url, let detail) = error else {
        Issue.record("expected a TLS failure, got \(error)")
        return
      }
      #expect(detail.contains("certificate"))
    }
  }
}

/// Timeouts out of any sensible range are clamped, not trapped on.
@Suite struct TimeoutTests {
  @Test func extremeTimeoutsAreClamped() throws {
    let port = try FreePort.take()
    for timeout in [Duration.seconds(Int64.max), .zero, .seconds(-5)] {
      let client = CalDAVClient(credentials: nil, timeout: timeout)
      #expect(throws: CalDAVError.self) { _ = try client.collection("http://127.0.0.1:\(port)/").listETags() }
    }
  }
}
