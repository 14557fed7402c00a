extension CalDAVCalendar {
  /// The PROPFIND body asking for everything discovery and `CalDAVCollection.properties()` read.
  static let propertiesRequest = """
    <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
    xmlns:ic="http://apple.com/ns/ical/"><d:prop><d:resourcetype/><d:displayname/><d:current-user-principal/>\
    <c:calendar-home-set/><ic:calendar-color/><cs:getctag/><d:sync-token/><c:supported-calendar-component-set/>\
    <d:supported-report-set/></d:prop></d:propfind>
    """

  /// The calendar a PROPFIND response describes, if it is a calendar collection that can hold events.
  init?(_ response: MultiStatus.Response) {
    guard let type = response.property(.resourceType), type.child(.calendar) != nil else { return nil }
    let components =
      response.property(.supportedCalendarComponentSet)?.children(.comp).compactMap { $0.attribute(.name) } ?? []
    guard components.isEmpty || components.contains("VEVENT") else { return nil }
    func text(_ name: XMLName) -> String? {
      guard let value = response.property(name)?.trimmedText, !value.isEmpty else { return nil }
      return value
    }
    let syncToken = text(.syncToken)
    // Xandikos 0.2 lists `<supported-report><sync-collection/>` without the `report` element RFC 3253 asks
    // for, so the report is looked for at any depth.
    let supportsSync = response.property(.supportedReportSet).map { $0.contains(.syncCollection) } ?? (syncToken != nil)
    self.init(
      url: response.url.description, displayName: text(.displayName), color: text(.calendarColor), ctag: text(.getCTag),
      syncToken: syncToken, components: components, supportsSyncCollection: supportsSync)
  }
}
