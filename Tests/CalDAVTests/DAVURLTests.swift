import Testing

@testable import CalDAV

/// Hrefs are compared as strings by the sync engine, so every spelling of one path must become the same
/// canonical string, and resolution must follow RFC 3986.
@Suite struct DAVURLTests {
  func canonical(_ path: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(DAVURL.canonicalPath(path) == expected, sourceLocation: sourceLocation)
  }

  @Test func canonicalPaths() {
    canonical("/cal/a b.ics", "/cal/a%20b.ics")
    canonical("/cal/a%20b.ics", "/cal/a%20b.ics")
    canonical("/cal/a%40b@c.ics", "/cal/a@b@c.ics")
    canonical("/cal/%c3%bc-ü.ics", "/cal/%C3%BC-%C3%BC.ics")
    canonical("/cal/%7Euser/%41", "/cal/~user/A")
    canonical("/cal/a%2Fb", "/cal/a%2Fb")  // an escaped slash stays one segment
    canonical("/cal/100%", "/cal/100%25")
    canonical("/cal/%zz", "/cal/%25zz")
    canonical("/cal/a?b#c", "/cal/a%3Fb%23c")
    canonical("/a/./b/../c/", "/a/c/")
    canonical("/a/b/..", "/a/")
    canonical("/../../x", "/x")
    canonical("", "/")
  }

  func resolve(
    _ base: String, _ reference: String, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(DAVURL(base)?.resolving(reference)?.description == expected, sourceLocation: sourceLocation)
  }

  @Test func resolution() {
    let base = "http://Host:8080/dav/cal/"
    resolve(base, "x.ics", "http://host:8080/dav/cal/x.ics")
    resolve(base, "/other/", "http://host:8080/other/")
    resolve(base, "../up/x y.ics", "http://host:8080/dav/up/x%20y.ics")
    resolve(base, "", "http://host:8080/dav/cal/")
    resolve(base, "https://elsewhere/p", "https://elsewhere/p")
    resolve(base, "//elsewhere/p", "http://elsewhere/p")
    resolve(base, "x.ics?query#fragment", "http://host:8080/dav/cal/x.ics")
    resolve("http://h/dav/cal", "x.ics", "http://h/dav/x.ics")
    resolve(base, "ftp://elsewhere/p", nil)
  }

  @Test func originsDropUserInformationAndDefaultPorts() throws {
    let url = try #require(DAVURL("HTTPS://alice:secret@Example.COM:443/Cal/"))
    #expect(url.description == "https://example.com/Cal/")
    #expect(DAVURL("http://h:80/")?.origin == "http://h")
    #expect(DAVURL("http://[::1]:5232/x")?.origin == "http://[::1]:5232")
    #expect(DAVURL("file:///etc/passwd") == nil)
    #expect(DAVURL("http:///x") == nil)
    #expect(DAVURL("http://a b/") == nil)
  }

  @Test func membersAndHrefs() throws {
    let collection = try #require(DAVURL("http://h/cal/"))
    #expect(collection.member("a/b?c#d%e f@ü.ics")?.path == "/cal/a%2Fb%3Fc%23d%25e%20f@%C3%BC.ics")
    #expect(collection.member("..") == nil)
    #expect(collection.member("") == nil)
    #expect(DAVURL("http://h/cal")?.member("x")?.path == "/cal/x")
    let member = try #require(collection.resolving("x.ics"))
    #expect(member.href(from: collection) == "/cal/x.ics")
    #expect(try #require(DAVURL("http://other/x.ics")).href(from: collection) == "http://other/x.ics")
  }

  @Test func onlyDirectMembersAreMembers() throws {
    let collection = try #require(DAVURL("https://h/u/cal/"))
    func member(_ reference: String) -> String? {
      collection.resolving(reference)?.asMember(of: collection)?.description
    }
    #expect(member("x.ics") == "https://h/u/cal/x.ics")
    #expect(member("/u/cal/sub/") == "https://h/u/cal/sub/")
    #expect(member("http://proxy.internal:8080/u/cal/x.ics") == "https://h/u/cal/x.ics", "on the collection's origin")
    #expect(member("a%2Fb.ics") == "https://h/u/cal/a%2Fb.ics", "an escaped slash is no separator")
    for outside in [
      "/u/cal/", "/u/cal", "/u/other/x.ics", "../other/x.ics", "/u/cal/sub/x.ics", "/u/calx.ics", "/x.ics",
    ] {
      #expect(member(outside) == nil, "\(outside)")
    }
  }
}
