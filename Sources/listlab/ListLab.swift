import ListLabPlayground

/// `listlab`: ListLab's own playground, on its samples.
@main
struct ListLab {
    static func main() {
        Playground.listlab.main()
    }
}
