// The module stands in for Apple's UIKit on Linux, so that an app's data-source code that says
// `import UIKit` compiles unchanged there. Apple's UIKit brings Foundation with it; so does this.
@_exported import Foundation
