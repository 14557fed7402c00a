/// The failure `CAL_TEST_FAULT=throw` asks for, so the tests can see a thrown error give the terminal back.
struct PageFault: Error, CustomStringConvertible {
  var description: String { "a fault asked for by CAL_TEST_FAULT" }
}
