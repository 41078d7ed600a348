import ListLabCore
import ListLabFiles
import ListLabRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Workspace {
    /// Throws when the session may not hold `loaded` as well as what it holds
    /// (``dataLimit``), `replacing` the provider at that index if any: the
    /// load is refused and nothing changes.
    func checkDataLimit(adding loaded: LoadedProvider, replacing index: Int?) throws(ShellError) {
        guard let dataLimit else { return }
        let kept = providers.indices.filter { $0 != index }.map { providers[$0] }
        let held = Self.estimatedBytes(of: kept)
        let more = Self.estimatedBytes(of: kept + [loaded]) - held
        guard held + more > dataLimit else { return }
        throw ShellError(
            .overBound(
                "\(loaded.name): not loaded: it would take about \(ByteCount.text(more)), and this session holds "
                    + "about \(ByteCount.text(held)) of the \(ByteCount.text(dataLimit)) it may\(reasonText) "
                    + "(load a dataset under a name loaded already to replace it)"))
    }

    /// Throws when the session may not hold `bytes` more (``dataLimit``): an
    /// `append`, `insert` or `update` that would take it past is refused.
    func checkDataLimit(growingBy bytes: Int) throws(ShellError) {
        guard let dataLimit, bytes > 0 else { return }
        let held = estimatedDataBytes
        guard held + bytes > dataLimit else { return }
        throw ShellError(
            .overBound(
                "not changed: this session holds about \(ByteCount.text(held)) of the \(ByteCount.text(dataLimit)) of "
                    + "data it may\(reasonText), and this would add about \(ByteCount.text(bytes))"
            )
        )
    }

    /// ``dataLimitReason`` as a refusal says it: ` (a tab's ...)`, or nothing.
    private var reasonText: String { dataLimitReason.map { " (\($0))" } ?? "" }

    /// About how many bytes of data the session's providers hold.
    var estimatedDataBytes: Int { Self.estimatedBytes(of: providers) }

    /// About how many bytes `providers` hold, each dataset counted once
    /// however many composites hold it too.
    static func estimatedBytes(of providers: [LoadedProvider]) -> Int {
        var seen = Set<ObjectIdentifier>()
        var bytes = 0
        func add(_ loaded: LoadedProvider) {
            if let composite = loaded.composite {
                composite.children.forEach(add)
            } else if seen.insert(ObjectIdentifier(loaded)).inserted {
                bytes += loaded.estimatedBytes
            }
        }
        providers.forEach(add)
        return bytes
    }
}

extension Session {
    /// About how many bytes of data the session's providers hold.
    public var estimatedDataBytes: Int { workspace.estimatedDataBytes }
}

extension LoadedProvider {
    /// About how many bytes the provider's data takes: its items, estimated
    /// from up to 64 spread through it, and the file it was read from, which
    /// its records keep to save unchanged rows as they were, and what
    /// `append`, `insert` and `update` added (``grownBytes``: a few large
    /// items among many small ones are missed by a sample). An estimate of
    /// what the provider holds, cheap for a million items.
    var estimatedBytes: Int {
        var file = 0
        if let size = self.file?.fingerprint.size {
            file = size
        } else if let sourcePath {
            var info = stat()
            if stat(sourcePath, &info) == 0 { file = Int(info.st_size) }
        }
        let items = provider.numberOfItems
        guard items > 0 else { return file }
        var sampled = 0
        var bytes = 0
        var seen = 0
        let step = max(1, items / 64)
        for section in 0..<provider.numberOfSections {
            let count = provider.numberOfItems(inSection: section)
            var index = (step - seen % step) % step
            while index < count, sampled < 64 {
                if let record = provider.item(at: ItemPath(section: section, item: index)) {
                    bytes += Self.estimatedBytes(of: record)
                    sampled += 1
                }
                index += step
            }
            seen += count
            if sampled >= 64 { break }
        }
        return file + grownBytes + (sampled == 0 ? 0 : bytes / sampled * items)
    }

    /// About how many bytes a record takes: its values' storage and the text of its strings.
    static func estimatedBytes(of record: Record) -> Int {
        record.values.reduce(48) { $0 + estimatedBytes(of: $1) }
    }

    private static func estimatedBytes(of value: Value) -> Int {
        switch value {
        case .string(let text), .number(let text): 17 + (text.utf8.count > 15 ? 32 + text.utf8.count : 0)
        case .array(let values): values.reduce(17 + 32) { $0 + estimatedBytes(of: $1) }
        case .object(let record): 17 + estimatedBytes(of: record)
        default: 17
        }
    }
}
