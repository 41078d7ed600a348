/// A nib: its name (kept). Nothing is decoded here, so a cell registered
/// from a nib cannot be made: dequeuing one raises as UIKit does for a nib
/// it cannot load; register the cell's class instead where it makes its
/// views in code (see the table in Docs/uikit-module.md).
@preconcurrency @MainActor
open class UINib: NSObject {
    /// The nib's name.
    public let name: String

    /// The nib `name` of `bundle` (kept).
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        super.init()
    }

    /// The nib's top-level objects: none, as nothing is decoded here.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [AnyHashable: Any]? = nil) -> [Any] { [] }
}
