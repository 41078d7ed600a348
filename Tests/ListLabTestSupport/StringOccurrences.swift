extension String {
    /// How many times `piece` occurs in the text, without overlaps: the
    /// pictures' tests count the rows, figures and calls a page draws.
    public func occurrences(of piece: String) -> Int {
        var count = 0
        var rest = Substring(self)
        while let range = rest.firstRange(of: piece) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
