extension FixedWidthInteger {
  /// The sum, or the type's nearest bound where it would overflow: for instants and counts that input can
  /// push to any value, where a sum beyond the type is beyond any calendar too.
  func addingSaturated(_ other: Self) -> Self {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other < 0 ? .min : .max
  }
}
