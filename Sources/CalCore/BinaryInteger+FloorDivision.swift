extension BinaryInteger {
  /// `self / divisor` rounded toward negative infinity, so that instants and days before 1970 (negative
  /// counts) land in the right day, year or era: `(-1).floorDivided(by: 86_400) == -1`.
  ///
  /// - Precondition: `divisor` is not zero.
  @inlinable
  public func floorDivided(by divisor: Self) -> Self {
    floorDividedWithRemainder(by: divisor).quotient
  }

  /// The floor quotient and the remainder that goes with it, which has the sign of `divisor` (for a
  /// positive divisor: `0..<divisor`, such as the second of the day).
  ///
  /// - Precondition: `divisor` is not zero.
  @inlinable
  public func floorDividedWithRemainder(by divisor: Self) -> (quotient: Self, remainder: Self) {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    // Truncation rounded a negative, inexact quotient up. One step down cannot overflow: it only happens when
    // the divisor's magnitude is at least 2.
    guard remainder != 0, (remainder < 0) != (divisor < 0) else { return (quotient, remainder) }
    return (quotient - 1, remainder + divisor)
  }
}
