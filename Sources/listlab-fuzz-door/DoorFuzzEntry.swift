import FuzzDriver
import ListLabHTTP

/// The server's door under libFuzzer (Scripts/fuzz head|frames): its readers alone.
@main
struct DoorFuzz {
    static func main() {
        FuzzDriver.main(program: "listlab-fuzz-door", targets: DoorFuzzTarget.allCases.map { ($0.rawValue, $0.run) })
    }
}
