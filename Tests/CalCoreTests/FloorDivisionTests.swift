import CalCore
import Testing

@Suite("Floor division")
struct FloorDivisionTests {
  private func expectFloor(
    _ value: Int64, by divisor: Int64, _ quotient: Int64, _ remainder: Int64,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(value.floorDivided(by: divisor) == quotient, sourceLocation: sourceLocation)
    let result = value.floorDividedWithRemainder(by: divisor)
    #expect(result.quotient == quotient && result.remainder == remainder, sourceLocation: sourceLocation)
  }

  @Test("rounds toward negative infinity; the remainder is never negative")
  func signedValues() {
    expectFloor(7, by: 2, 3, 1)
    expectFloor(-7, by: 2, -4, 1)
    expectFloor(0, by: 86_400, 0, 0)
    expectFloor(-1, by: 86_400, -1, 86_399)  // 1969-12-31 23:59:59
    expectFloor(-86_400, by: 86_400, -1, 0)  // exactly 1969-12-31 00:00: no extra day back
    expectFloor(-86_401, by: 86_400, -2, 86_399)
    expectFloor(-999, by: 1000, -1, 1)  // milliseconds before the epoch
    expectFloor(.min, by: 1000, -9_223_372_036_854_776, 192)
    expectFloor(.max, by: 1000, 9_223_372_036_854_775, 807)
  }

  @Test("works for unsigned and narrow types")
  func otherTypes() {
    #expect(UInt8(250).floorDividedWithRemainder(by: 7) == (quotient: 35, remainder: 5))
    #expect(Int8.min.floorDividedWithRemainder(by: 3) == (quotient: -43, remainder: 1))
    #expect(Int.min.floorDivided(by: 2) == Int.min / 2)
  }
}
