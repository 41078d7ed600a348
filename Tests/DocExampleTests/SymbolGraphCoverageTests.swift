import ListLabTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A symbol graph as `swift package generate-documentation` extracts it, cut
/// down to what the coverage check reads.
private let graph = #"""
    {"module": {"name": "Demo"}, "symbols": [
      {"pathComponents": ["Shape"], "accessLevel": "public",
       "location": {"uri": "file:///home/me/demo/Sources/Demo/Shape.swift", "position": {"line": 2, "character": 0}},
       "docComment": {"module": "Demo", "lines": [{"text": "A shape."}]}},
      {"pathComponents": ["Shape", "circle"], "accessLevel": "public",
       "location": {"uri": "file:///home/me/demo/Sources/Demo/Shape.swift", "position": {"line": 4, "character": 9}}},
      {"pathComponents": ["Shape", "==(_:_:)"], "accessLevel": "public",
       "location": {"uri": "file:///home/me/demo/Sources/Demo/Shape.swift", "position": {"line": 9, "character": 4}},
       "docComment": {"module": "Swift", "lines": [{"text": "Returns a Boolean value ..."}]}},
      {"pathComponents": ["Shape", "hashValue"], "accessLevel": "public"},
      {"pathComponents": ["Shape", "area"], "accessLevel": "internal",
       "location": {"uri": "file:///home/me/demo/Sources/Demo/Shape.swift", "position": {"line": 12, "character": 4}}},
      {"pathComponents": ["Canvas"], "accessLevel": "open",
       "location": {"uri": "file:///home/me/demo/Sources/Demo/Canvas.swift", "position": {"line": 0, "character": 0}}}
    ]}
    """#

@Test func aPublicSymbolWithoutADocCommentIsAGapWhereItIsDeclared() throws {
    let (module, gaps) = try SymbolGraphCoverage.gaps(inSymbolGraph: Data(graph.utf8))
    #expect(module == "Demo")
    // Documented (its own comment or an inherited one), synthesised (no
    // location) and internal symbols are not gaps.
    #expect(
        gaps.map(\.description) == [
            "Sources/Demo/Canvas.swift:1: Canvas has no documentation",
            "Sources/Demo/Shape.swift:5: Shape.circle has no documentation",
        ])
}
