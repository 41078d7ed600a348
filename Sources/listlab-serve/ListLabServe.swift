import ListLabPlayground
import ListLabServer

/// `listlab-serve`: ListLab's own playground in a browser (`listlab serve` starts it).
@main
struct ListLabServe {
    static func main() {
        Playground.listlab.serveMain()
    }
}
