extension String {
    /// The string with `prefix`, when it starts with it, replaced by
    /// `replacement` (an absolute path in a message made relative again).
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
