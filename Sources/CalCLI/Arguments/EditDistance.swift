/// Finds what the user probably meant to type.
enum EditDistance {
  /// The candidate nearest to `word`, if one is near enough to be a likely typo.
  static func closest(to word: String, among candidates: [String]) -> String? {
    // A start such as `hist` of `history` says more than any near miss.
    let extended = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
    if extended.count == 1 { return extended[0] }
    // No candidate whose length is more than 3 away can be within the 3 edits allowed: a hostile word of
    // 100 KB is not compared with each (a table of 100,000 rows, a second or so for nothing).
    let length = word.count
    let scored = candidates.filter { abs($0.count - length) <= 3 }.map { ($0, distance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let allowed = max(1, min(3, best.0.count / 3))
    return best.1 <= allowed ? best.0 : nil
  }

  /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
  /// neighbouring characters each cost one.
  static func distance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
