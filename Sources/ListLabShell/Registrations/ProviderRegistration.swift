public import ListLabCore

/// Your own provider and presenter, registered with a playground under a
/// name, so that `load NAME` shows your typed items through your cells.
///
/// Each session makes its own provider and presenter with the closures you
/// give (a replayed transcript starts from a fresh provider, as a test does).
/// The shell drives them as it drives its own: `show` prints what your cells
/// were configured with, `select` goes through your adapter, and every change
/// goes through your provider's own methods, so its rules run. When `Item` is
/// `Codable`, the record commands (`inspect`, `fields`, `update`, `append`,
/// ...) read and write your items through ``RecordEncoder`` and
/// ``RecordDecoder``; when it is not, the commands that only read still work
/// and the others say why they cannot.
///
/// ```swift
/// let registration = ProviderRegistration(
///     "tabs", summary: "the app's tabs",
///     provider: { ArrayDataProvider([Tab.news, .settings]) },
///     presenter: { SingleKindPresenter(TabCell.self) })
/// registration.name   // "tabs"
/// ```
public struct ProviderRegistration {
    /// The name `load` takes (`load schedule`).
    public let name: String
    /// One line for `samples` and `help load`.
    public let summary: String
    /// The item type, as messages and the trace name it (`Talk`).
    public var itemTypeName: String { Self.typeName(types.item) }
    /// The provider's type, as messages name it (`ArrayDataProvider<Talk>`).
    public var providerTypeName: String { Self.typeName(types.provider) }
    /// The presenter's type, as messages name it (`SingleKindPresenter<TalkCell>`).
    public var presenterTypeName: String { Self.typeName(types.presenter) }
    /// The types, named only when a message needs them: naming a type reflects
    /// on it, which a start that registers many providers would pay for at once.
    private let types: (item: Any.Type, provider: Any.Type, presenter: Any.Type)
    /// The field that names an item (`inspect id=m5`, `select id=m5`) and
    /// matches items across a diff; nil for `id` when `Item` is `Identifiable`
    /// (and encodes it), else no key.
    public let key: String?
    /// Makes one session's provider and presenter.
    let make: () -> any RegisteredInstance
    /// Whether sessions may make and drive this registration's providers on
    /// several threads at once: only ListLab's own, whose code shares nothing
    /// between sessions. A server runs the tabs of a playground with any
    /// other registration one command at a time, as an app's code need not
    /// be thread-safe.
    package private(set) var sharesNothingBetweenSessions = false

    /// Registers `provider` and `presenter` under `name`.
    ///
    /// - Parameters:
    ///   - name: The name `load` takes.
    ///   - summary: What it is, in a few words.
    ///   - provider: Makes a provider (once per session).
    ///   - presenter: Makes its presenter.
    ///   - load: Fills the provider from its source, as your app does, and
    ///     returns the update that takes the list there; it may be `async`
    ///     and may throw. `load NAME` and `reload` call it. Without it, the
    ///     provider starts as `provider()` makes it, and `reload` calls its
    ///     `reload()`.
    ///   - key: The field that names an item, when it is not `id` of an
    ///     `Identifiable` item (a `Codable` item's coding key: `"uuid"`).
    public init<Provider: DataProvider, Presenter: CellPresenter>(
        _ name: String, summary: String = "",
        provider: @escaping () -> Provider, presenter: @escaping () -> Presenter,
        load: ((Provider) async throws -> StagedUpdate)? = nil, key: String? = nil
    ) where Provider.Item == Presenter.Item {
        self.name = name
        self.summary = summary
        self.key = key
        types = (Provider.Item.self, Provider.self, Presenter.self)
        make = { TypedInstance(provider: provider(), presenter: presenter(), load: load) }
    }

    /// This registration, marked as one whose sessions share nothing (see
    /// ``sharesNothingBetweenSessions``).
    package func sharingNothingBetweenSessions() -> ProviderRegistration {
        var registration = self
        registration.sharesNothingBetweenSessions = true
        return registration
    }

    /// `ScheduleEntry` for `Schedule.ScheduleEntry`; generic arguments kept.
    static func typeName(_ type: Any.Type) -> String {
        let full = String(reflecting: type)
        // Drop the module prefixes, keep the generic arguments: `SingleKindPresenter<TalkCell>`.
        var name = ""
        var word = ""
        for character in full {
            if character == "." {
                word = ""
                continue
            }
            if "<>, ".contains(character) {
                name += word + String(character)
                word = ""
                continue
            }
            word.append(character)
        }
        return name + word
    }
}
