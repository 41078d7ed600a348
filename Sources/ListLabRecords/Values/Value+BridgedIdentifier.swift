public import ListLabCore

extension Value: BridgedIdentifierConvertible {
    /// The value as UIKit would hold the learner's identifier it stands for:
    /// a string as an `NSString`, a number as an `NSNumber`, anything else as its JSON text.
    public var bridgedIdentifier: BridgedIdentifier {
        switch self {
        case .string(let text): .string(text)
        case .int, .double, .number: .number(description)
        case .bool(let flag): .number(flag ? "1" : "0")
        default: .value(description)
        }
    }
}
