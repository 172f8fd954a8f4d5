/// The Levenshtein distance between `a` and `b`: the fewest characters to insert, delete
/// or replace to turn one into the other (the measure of an OCR line's character errors).
public func levenshteinDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
