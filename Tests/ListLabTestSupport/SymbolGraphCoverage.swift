#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Finds the public symbols of a module that have no documentation: the
/// test command's check that every public symbol is documented, which DocC's
/// warnings do not cover (it warns of a broken link or an undocumented
/// parameter, not of a symbol without a comment).
///
/// It reads the symbol graph that `swift package generate-documentation`
/// extracts (`.build/.../extracted-symbols/.../MODULE.symbols.json`). A symbol
/// counts as documented when it has a doc comment, its own or one it inherits
/// (a protocol requirement's, `Equatable`'s `==`); symbols the compiler
/// synthesises (no source location) are not the module's to document.
public enum SymbolGraphCoverage {
    /// An undocumented symbol.
    public struct Gap: Sendable, Equatable, CustomStringConvertible {
        /// The symbol's path, `DiffableSnapshotError.Operation.move`.
        public var symbol: String
        /// Its file, from `Sources/` on when the path has it.
        public var file: String
        /// Its line, from 1.
        public var line: Int

        /// `file:line: symbol`.
        public var description: String { "\(file):\(line): \(symbol) has no documentation" }
    }

    private struct Graph: Decodable {
        struct Module: Decodable { var name: String }
        struct Symbol: Decodable {
            struct Location: Decodable {
                struct Position: Decodable { var line: Int }
                var uri: String
                var position: Position
            }
            struct DocComment: Decodable {}
            var pathComponents: [String]
            var accessLevel: String
            var location: Location?
            var docComment: DocComment?
        }
        var module: Module
        var symbols: [Symbol]
    }

    /// The module's name and its undocumented public symbols, in file and line order.
    public static func gaps(inSymbolGraph data: Data) throws -> (module: String, gaps: [Gap]) {
        let graph = try JSONDecoder().decode(Graph.self, from: data)
        let gaps = graph.symbols.compactMap { symbol -> Gap? in
            guard symbol.docComment == nil, let location = symbol.location,
                symbol.accessLevel == "public" || symbol.accessLevel == "open"
            else { return nil }
            var file = location.uri
            if let sources = file.ranges(of: "/Sources/").last { file = "Sources/" + file[sources.upperBound...] }
            return Gap(
                symbol: symbol.pathComponents.joined(separator: "."), file: file, line: location.position.line + 1)
        }
        return (graph.module.name, gaps.sorted { ($0.file, $0.line, $0.symbol) < ($1.file, $1.line, $1.symbol) })
    }
}
