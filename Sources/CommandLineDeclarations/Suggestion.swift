/// The candidate closest to what was typed, when it is close enough to be a slip (one or
/// two letters wrong, missing, extra or swapped); `nil` otherwise or when two are equally close.
func suggestion(for typed: String, among candidates: [String]) -> String? {
    let typed = Array(typed.lowercased())
    guard !typed.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    var tie = false
    for candidate in candidates {
        let distance = editDistance(typed, Array(candidate.lowercased()))
        let allowed = min(2, max(1, candidate.count / 3))
        guard distance > 0, distance <= allowed else { continue }
        if let current = best, distance >= current.distance {
            if distance == current.distance, candidate != current.candidate { tie = true }
            continue
        }
        best = (candidate, distance)
        tie = false
    }
    return tie ? nil : best?.candidate
}

/// Edits (insertion, deletion, substitution, swap of neighbours) that turn `a` into `b`:
/// the optimal string alignment distance.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
