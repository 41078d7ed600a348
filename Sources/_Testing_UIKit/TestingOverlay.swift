// Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`): a file that imports
// both Testing and UIKit makes the compiler look for it, and Linux's toolchain has none, so an
// app's test file would not compile. This module is that overlay, empty: it ships in the UIKit
// product, so the compiler finds it beside ListLab's UIKit.
