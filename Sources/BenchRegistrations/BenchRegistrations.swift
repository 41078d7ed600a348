public import ListLabCore
public import ListLabPlayground
public import ListLabShell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The typed people that the benchmarks of registered providers register: shared by
// listlab-bench (in process) and listlab-bench-lab (the playground, started as a user's).

/// A user's typed item, as the benchmarks of registered providers register it.
public struct BenchPerson: Codable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    public var city: String
}

/// A user's cell for it.
public final class BenchPersonCell: ListCell, ConfigurableCell {
    public func configure(with person: BenchPerson, at path: ItemPath) {
        text = person.name
        detail = person.city
    }
}

/// The benchmarks' registrations and their data.
public enum BenchRegistrations {
    public static func people(_ count: Int) -> [BenchPerson] {
        (0..<count).map { BenchPerson(id: $0 + 1, name: "Person \($0 + 1)", city: "City \($0 % 97)") }
    }

    /// The JSON array `load FILE as array` reads the same people from.
    public static func json(_ people: [BenchPerson]) -> [UInt8] {
        var text = "["
        for (index, person) in people.enumerated() {
            text +=
                (index == 0 ? "" : ",\n") + #"{"id":\#(person.id),"name":"\#(person.name)","city":"\#(person.city)"}"#
        }
        return Array((text + "]\n").utf8)
    }

    /// Five registrations of typed providers (the first 100,000 people, the
    /// others small), or the first `count` of them.
    public static func registrations(_ count: Int = 5) -> [ProviderRegistration] {
        let sizes: [(String, Int)] = [
            ("people", 100_000), ("friends", 8), ("team", 12), ("guests", 40), ("speakers", 20),
        ]
        return sizes.prefix(count).map { name, size in
            ProviderRegistration(
                name, summary: "\(size) people, typed",
                provider: { ArrayDataProvider(people(size)) },
                presenter: { SingleKindPresenter(BenchPersonCell.self) })
        }
    }

    /// The playground of `listlab-bench-lab`, with the registrations that
    /// `LISTLAB_BENCH_REGISTRATIONS` names (five when unset).
    public static func playground() -> Playground {
        let count = getenv("LISTLAB_BENCH_REGISTRATIONS").flatMap { Int(String(cString: $0)) } ?? 5
        var playground = Playground(name: "listlab-bench-lab", version: "1.0.0")
        for registration in registrations(count) { playground.register(registration) }
        return playground
    }
}
