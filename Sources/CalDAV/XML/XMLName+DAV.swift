/// The WebDAV, CalDAV and vendor property names the client reads.
extension XMLName {
  static let davNamespace = "DAV:"
  static let calDAVNamespace = "urn:ietf:params:xml:ns:caldav"
  static let calendarServerNamespace = "http://calendarserver.org/ns/"
  static let appleICalNamespace = "http://apple.com/ns/ical/"

  static let multistatus = XMLName(davNamespace, "multistatus")
  static let response = XMLName(davNamespace, "response")
  static let href = XMLName(davNamespace, "href")
  static let status = XMLName(davNamespace, "status")
  static let propstat = XMLName(davNamespace, "propstat")
  static let prop = XMLName(davNamespace, "prop")
  static let error = XMLName(davNamespace, "error")
  static let syncToken = XMLName(davNamespace, "sync-token")
  static let validSyncToken = XMLName(davNamespace, "valid-sync-token")
  static let resourceType = XMLName(davNamespace, "resourcetype")
  static let collection = XMLName(davNamespace, "collection")
  static let displayName = XMLName(davNamespace, "displayname")
  static let getETag = XMLName(davNamespace, "getetag")
  static let currentUserPrincipal = XMLName(davNamespace, "current-user-principal")
  static let supportedReportSet = XMLName(davNamespace, "supported-report-set")
  static let syncCollection = XMLName(davNamespace, "sync-collection")
  static let calendar = XMLName(calDAVNamespace, "calendar")
  static let calendarHomeSet = XMLName(calDAVNamespace, "calendar-home-set")
  static let calendarData = XMLName(calDAVNamespace, "calendar-data")
  static let supportedCalendarComponentSet = XMLName(calDAVNamespace, "supported-calendar-component-set")
  static let comp = XMLName(calDAVNamespace, "comp")
  static let getCTag = XMLName(calendarServerNamespace, "getctag")
  static let calendarColor = XMLName(appleICalNamespace, "calendar-color")
  static let name = XMLName("", "name")
}
