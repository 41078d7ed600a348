import Testing

@testable import ListLabShell

@Test(arguments: [
    ("selct", "select"), ("sho", "show"), ("SELECT", "select"), ("delet", "delete"), ("hlep", "help"),
    ("udpate", "update"),
])
func misspellingsSuggestTheNearestCommand(word: String, suggestion: String) {
    #expect(Suggestion.nearest(to: word, in: Command.names) == suggestion)
}

@Test func farOffWordsSuggestNothing() {
    #expect(Suggestion.nearest(to: "frobnicate", in: Command.names) == nil)
    #expect(Suggestion.nearest(to: "x", in: ["load", "use"]) == nil)
    #expect(Suggestion.editDistance("ab", "ba") == 1)
    #expect(Suggestion.editDistance("", "abc") == 3)
}
