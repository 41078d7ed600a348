/// An identifier as UIKit holds it once bridged to Objective-C, which
/// decides how UIKit's exceptions write it: a Swift `String` becomes an
/// `NSString`, a number an `NSNumber`, and any other value a boxed Swift
/// value whose description is `String(reflecting:)`, module-qualified
/// (`Client.HomepageDiffableDataSource.HomeItem.topSite(Client.TopSiteState)`,
/// as firefox-ios#23056 quotes UIKit).
///
/// ```swift
/// print(BridgedIdentifier("Ada").inSet)            // Ada
/// print(BridgedIdentifier("Ada Lovelace").inSet)   // "Ada Lovelace"
/// print(BridgedIdentifier(42).plain)               // 42
/// ```
public enum BridgedIdentifier: Hashable, Sendable {
    /// An `NSString`.
    case string(String)
    /// An `NSNumber`, as its description writes it.
    case number(String)
    /// A boxed Swift value, as `String(reflecting:)` writes it.
    case value(String)

    /// `identifier` as UIKit bridges it: a type that says
    /// (``BridgedIdentifierConvertible``), a string, a number or a Boolean
    /// (an `NSNumber`: 1 or 0), else a boxed value.
    public init<Identifier>(_ identifier: Identifier) {
        switch identifier {
        case let convertible as any BridgedIdentifierConvertible: self = convertible.bridgedIdentifier
        case let text as String: self = .string(text)
        case let text as Substring: self = .string(String(text))
        case let flag as Bool: self = .number(flag ? "1" : "0")
        case let number as any BinaryInteger: self = .number("\(number)")
        case let number as Double: self = .number(Self.numberText(number))
        case let number as Float: self = .number(Self.numberText(Double(number)))
        default: self = .value(String(reflecting: identifier))
        }
    }

    /// As a format's `%@` writes it (a reason that names one identifier): a string as it is.
    public var plain: String {
        switch self {
        case .string(let text), .number(let text), .value(let text): text
        }
    }

    /// As an element of an `NSSet`'s or `NSArray`'s description writes it
    /// (UIKit's list of duplicates): a string in quotes unless it is only
    /// ASCII letters and digits, as swift-corelibs-foundation's
    /// `NSArray.description` writes one (measured: `"a b"`, `"a-b"`, `"a_b"`, `abc`, `12`).
    public var inSet: String {
        guard case .string(let text) = self else { return plain }
        let bare =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        if bare { return text }
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// An `NSNumber`'s description of `number`: an integral value without its `.0`.
    private static func numberText(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }
}

/// A type whose values UIKit would bridge otherwise than a boxed Swift
/// value: the playground's values, which stand for a learner's strings
/// and numbers.
public protocol BridgedIdentifierConvertible {
    /// The value as UIKit holds it once bridged.
    var bridgedIdentifier: BridgedIdentifier { get }
}
