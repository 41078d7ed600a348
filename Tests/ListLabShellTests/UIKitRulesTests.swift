import Foundation
import ListLabTestSupport
import Testing

@testable import ListLabShell

// Every rule the list and the snapshots enforce, driven at the prompt, with UIKit's words
// where they are on public record and the record they are from. Each rule is a test: its
// session runs, and ListLab's message must be UIKit's quote word for word (numbers and
// object addresses aside). Docs/uikit-rules.md is written from this list; a test fails
// when it is out of date (LISTLAB_WRITE_UIKIT_RULES=1 writes it again).

/// One rule: a session whose last command the rule refuses (or logs).
struct UIKitRule: Sendable {
    /// The rule, in a few words.
    var rule: String
    /// The commands; the last one meets the rule.
    var session: [String]
    /// UIKit's words as a public source quotes them, up to where ListLab
    /// follows them; nil when no public quote was found.
    var uikit: String?
    /// Where the quote is (repository and issue, or radar), or why there is none.
    var source: String
    /// Whether ListLab refuses it; false where UIKit's behaviour is unknown
    /// and ListLab takes the change.
    var refused = true
}

/// Sources named once.
private let noQuote = "no public quote found: ListLab's words, in the pattern of UIKit's other reasons"
private let unknown = "UIKit's behaviour is not on public record: ListLab refuses it"
private let iOS12Format =
    "the format string in a decompiled UITableView of iOS 12 (UIKit-3698.84.15); no crash report quotes it"

let uikitRules: [UIKitRule] = [
    // Batch updates: what the list checks, in UIKit's order.
    UIKitRule(
        rule:
            "the counts after an update must be the counts before it, plus the changes (rows; iOS 16 and before, the "
            + "default)",
        session: ["load contacts", "append name=Oliver --data-only", "batch delete 0.1"],
        uikit:
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
            + "after the update (35) must be equal to the number of rows contained in that section before the update "
            + "(36), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) "
            + "and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).",
        source: "tonyarnold/Differ#76; Automattic/simplenote-ios#730 (iOS 13.3.1)"),
    UIKitRule(
        rule:
            "the same, in iOS 16.4's words (the first with them, as an Apple engineer dates the collection view's; no "
            + "table's report gives its version)",
        session: ["load contacts", "set ios 16.4", "append name=Oliver --data-only", "batch delete 0.1"],
        uikit:
            "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with row counts: [3] }\nData source after updates = { 1 section with row counts: [2] }\nUpdates = [",
        source:
            "exyte/Chat#26 (the lines after it as Xcode prints them); Apple Developer Forums thread 728797 dates the "
            + "collection view's to iOS 16.4"
    ),
    UIKitRule(
        rule: "the same, in iOS 17's words (\"before and after\")",
        session: ["load contacts", "set ios 17", "append name=Oliver --data-only", "batch delete 0.1"],
        uikit:
            "Invalid batch updates detected: the number of sections and/or rows returned by the data source before "
            + "and after performing the batch updates are inconsistent with the updates.\nData source before updates "
            + "= { 1 section with row counts: [26] }\nData source after updates = { 1 section with row counts: [22] "
            + "}\nUpdates = [",
        source:
            "exyte/Chat#40 and exyte/Chat#56 (no version given; xmartlabs/XLPagerTabStrip#859 dates a collection "
            + "view's to iOS 17.1.2)"
    ),
    UIKitRule(
        rule: "the same, for sections",
        session: ["load tasks", "delete 2.0 --data-only", "batch reload section 0"],
        uikit:
            "Invalid update: invalid number of sections.  The number of sections contained in the table view after "
            + "the update (6) must be equal to the number of sections contained in the table view before the update "
            + "(0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).",
        source: "Stan-Ost/ReloadableTableView#1; ra1028/DifferenceKit#108"),
    UIKitRule(
        rule: "a row cannot be deleted and reloaded in one update",
        session: ["load contacts", "batch delete 0.1 reload 0.1"],
        uikit:
            "attempt to delete and reload the same index path (<NSIndexPath: 0x79eae9c0> {length = 2, path = 0 - 0})",
        source: "xmartlabs/XLData#14; ivpusic/react-native-image-crop-picker#1251"),
    UIKitRule(
        rule: "a row cannot be reloaded and moved in one update (UIKit reads the reload as a delete, and says so)",
        session: ["load contacts", "batch reload 0.1 move 0.1 0.2"],
        uikit:
            "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0xc000000000200016> "
            + "{length = 2, path = 0 - 1})",
        source: "rdar://33662307 (lionheart/openradar-mirror#18100), which reports the message as misleading"),
    UIKitRule(
        rule: "a row cannot be deleted and reconfigured in one update",
        session: ["load contacts", "batch delete 0.1 reconfigure 0.1"],
        uikit: nil, source: noQuote),
    UIKitRule(
        rule: "a deleted section must exist before the update",
        session: ["load contacts", "batch delete section 5"],
        uikit: "attempt to delete section 0, but there are only 0 sections before the update",
        source:
            "wordpress-mobile/WordPress-iOS#13956; firebase/friendlypix-ios#43 (a collection view, in the same words)"),
    UIKitRule(
        rule: "a reloaded section must exist before the update (a reload is a delete and an insert)",
        session: ["load contacts", "batch reload section 5"],
        uikit: nil, source: "worded as a deleted section's (above); no report of a reload's"),
    UIKitRule(
        rule: "a section cannot be deleted and moved in one update",
        session: ["load tasks", "batch delete section 1 move section 1 2"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a row cannot move out of a deleted section",
        session: ["load tasks", "batch delete section 0 move 0.1 1.0"],
        uikit: "cannot move a row from a deleted section (0)",
        source: "SwiftKickMobile/TLIndexPathTools#20"),
    UIKitRule(
        rule: "a deleted row's section must exist before the update",
        session: ["load contacts", "batch delete 5.0"],
        uikit: "attempt to delete row 0 from section 3, but there are only 3 sections before the update",
        source: "Shopify/FunctionalTableData#117; onmyway133/DeepDiff#8"),
    UIKitRule(
        rule: "a deleted row must exist before the update",
        session: ["load contacts", "batch delete 0.9"],
        uikit: "attempt to delete row 1 from section 0 which only contains 1 rows before the update",
        source: "CatchChat/Yep#673; dennisreimann/ioctocat#391"),
    UIKitRule(
        rule: "a row deleted twice in one update is deleted once",
        session: ["load contacts", "delete 1 --data-only", "batch delete 0.1 0.1"],
        uikit: nil,
        source:
            "a decompiled UITableView of iOS 12 drops the second delete without a word (no crash report says either "
            + "way)",
        refused: false),
    UIKitRule(
        rule: "a row cannot be deleted and moved in one update",
        session: ["load contacts", "batch delete 0.1 move 0.1 0.2"],
        uikit:
            "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x6180000291c0> {length = "
            + "2, path = 0 - 1})",
        source: "TextureGroup/Texture#507"),
    UIKitRule(
        rule: "a reloaded row must exist before the update (worded as a delete)",
        session: ["load contacts", "batch reload 0.9"],
        uikit: "attempt to delete row 2 from section 1 which only contains 2 rows before the update",
        source: "forkingdog/UITableView-FDTemplateLayoutCell#366 (from reloadRowsAtIndexPaths)"),
    UIKitRule(
        rule: "a reloaded row's section must exist before the update (worded as a delete)",
        session: ["load contacts", "batch reload 5.0"],
        uikit: "attempt to delete row 0 from section 3, but there are only 3 sections before the update",
        source: "worded as a deleted row's: Shopify/FunctionalTableData#117"),
    UIKitRule(
        rule: "a reconfigured row must exist before the update",
        session: ["load contacts", "batch reconfigure 0.9"],
        uikit: nil, source: noQuote),
    UIKitRule(
        rule: "an inserted section must exist after the update",
        session: ["load contacts", "batch insert section 5"],
        uikit: "attempt to insert section 1 but there are only 1 sections after the update",
        source:
            "Instagram/IGListKit#519 (a collection view; a table's format string is the same, in a decompiled "
            + "UITableView of iOS 12)"
    ),
    UIKitRule(
        rule: "a section cannot be inserted and moved to in one update",
        session: ["load tasks", "batch insert section 1 move section 0 1"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a row cannot move into a newly inserted section",
        session: ["load tasks", "batch insert section 1 move 0.0 1.0"],
        uikit: "cannot move a row into a newly inserted section (2)",
        source: "SwiftKickMobile/TLIndexPathTools#13"),
    UIKitRule(
        rule: "an inserted row's section must exist after the update",
        session: ["load contacts", "batch insert 5.0"],
        uikit: "attempt to insert row 0 into section 2, but there are only 2 sections after the update",
        source: "gsdios/SDAutoLayout#261"),
    UIKitRule(
        rule: "an inserted row must exist after the update",
        session: ["load contacts", "batch insert 0.9"],
        uikit: "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update",
        source: "5calls/ios#57; AlexBarinov/UIBubbleTableView#5"),
    UIKitRule(
        rule: "a row inserted twice in one update is inserted once",
        session: ["load contacts", "append name=Oliver --data-only", "batch insert 0.8 0.8"],
        uikit: nil,
        source:
            "a decompiled UITableView of iOS 12 drops the second insert without a word (no crash report says either "
            + "way)",
        refused: false),
    UIKitRule(
        rule: "a row cannot be inserted and moved to in one update",
        session: ["load contacts", "batch insert 0.0 move 0.2 0.0"],
        uikit:
            "attempt to perform an insert and a move to the same index path (<NSIndexPath: 0xc000000000000016> "
            + "{length = 2, path = 0 - 0})",
        source: "osteslag/Changeset#11; lightsprint09/Sourcing#54"),
    UIKitRule(
        rule: "a moved section must exist before the update",
        session: ["load tasks", "batch move section 5 0"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a section must move to a section that exists after the update (UIKit's words say \"to to\")",
        session: ["load tasks", "batch move section 0 5"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a section cannot move to two places",
        session: ["load tasks", "batch move section 0 1 move section 0 2"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "two sections cannot move to one place",
        session: ["load tasks", "batch move section 0 1 move section 2 1"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a moved row's section must exist before the update",
        session: ["load contacts", "batch move 5.0 0.0"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a moved row must exist before the update",
        session: ["load contacts", "batch move 0.9 0.0"],
        uikit:
            "attempt to move index path (<NSIndexPath: 0xc000000000000216> {length = 2, path = 2 - 0}) that does not "
            + "exist - there are only 0 rows in section 2 before the update",
        source: "RxSwiftCommunity/RxDataSources#35"),
    UIKitRule(
        rule: "a row must move to a section that exists after the update",
        session: ["load contacts", "batch move 0.0 5.0"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "a row must move to a row that exists after the update",
        session: ["load contacts", "batch move 0.0 0.9"],
        uikit:
            "attempt to move index path (<NSIndexPath: 0x600002626fa0> {length = 2, path = 1 - 0}) to index path "
            + "(<NSIndexPath: 0x600002626dc0> {length = 2, path = 0 - 2}) that does not exist - there are only 2 rows "
            + "in section 0 after the update",
        source: "DeclarativeHub/Bond#593"),
    UIKitRule(
        rule: "a row cannot move to two places",
        session: ["load contacts", "batch move 0.0 0.1 move 0.0 0.2"],
        uikit: nil, source: iOS12Format),
    UIKitRule(
        rule: "two rows cannot move to one place",
        session: ["load contacts", "batch move 0.0 0.2 move 0.1 0.2"],
        uikit:
            "attempt to move both row at index path <NSIndexPath: 0xc000000000000616> {length = 2, path = 6 - 0} and "
            + "<NSIndexPath: 0xc000000000000816> {length = 2, path = 8 - 0} to <NSIndexPath: 0xc000000000000716> "
            + "{length = 2, path = 7 - 0}",
        source: "pujiaxin33/JXMovableCellTableView#4"),
    UIKitRule(
        rule: "a cell provider must return a cell for every item it is asked for",
        session: ["load contacts", "viewport 4", "diffable on", "snapshot insertItems 404 beforeItem 1", "apply"],
        uikit:
            "UITableView dataSource returned a nil cell for row at index path: <NSIndexPath: 0x9f8f65ddc8230d42> "
            + "{length = 2, path = 0 - 0}.",
        source:
            "tigerAndBull/TABAnimated#214; getsentry/sentry-cocoa#3149 (quoted up to the table view's own description)"),
    UIKitRule(
        rule: "a row reloaded and reconfigured in one update",
        session: ["load contacts", "batch reload 0.1 reconfigure 0.1"],
        uikit: nil, source: "UIKit's behaviour is not on public record: ListLab takes it, the reload winning",
        refused: false),
    UIKitRule(
        rule: "a section reloaded with row changes inside it",
        session: ["load tasks", "batch reload section 0 delete 0.1"],
        uikit: nil,
        source: "UIKit's behaviour is not on public record: ListLab takes it, the section's rows replaced whole",
        refused: false),
    // A collection view (`set list collection N`): UICollectionView's nouns, and its words for
    // counts that do not add up in each iOS version.
    UIKitRule(
        rule: "the counts after an update must add up, in a collection view (iOS 16 and before, the default)",
        session: ["load contacts", "set list collection 3", "append name=Oliver --data-only", "batch delete 0.1"],
        uikit:
            "Invalid update: invalid number of items in section 0. The number of items contained in an existing "
            + "section after the update (16) must be equal to the number of items contained in that section before "
            + "the update (8), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 "
            + "deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved "
            + "out).",
        source:
            "Netvent/storyly-sdk#287 (iOS 15 and 16); mikaoj/BSImagePicker#113 (iOS 10); "
            + "longitachi/ZLPhotoBrowser#931 quotes it on iOS 17.6.1 too"
    ),
    UIKitRule(
        rule: "the same, in iOS 16.4's words",
        session: [
            "load contacts", "set list collection 3", "set ios 16.4", "append name=Oliver --data-only",
            "batch delete 0.1",
        ],
        uikit:
            "Invalid batch updates detected: the number of sections and/or items returned by the data source before "
            + "and/or after performing the batch updates are inconsistent with the updates. Data source before "
            + "updates = { 1 section with item counts: [27386] } Data source after updates = { 1 section with item "
            + "counts: [27385] } Updates = [",
        source:
            "Apple Developer Forums thread 728797 (iOS 16.4.1; an Apple engineer: \"new as of iOS 16.4\"); "
            + "ra1028/DifferenceKit#155 (iOS 16.5); GetStream/stream-chat-swift#2848 (iOS 16.7.1)"
    ),
    UIKitRule(
        rule: "the same, in iOS 17's words",
        session: [
            "load contacts", "set list collection 3", "set ios 17", "append name=Oliver --data-only",
            "batch delete 0.1",
        ],
        uikit:
            "Invalid batch updates detected: the number of sections and/or items returned by the data source before "
            + "and after performing the batch updates are inconsistent with the updates. Data source before updates = "
            + "{ 1 section with item counts: [4] } Data source after updates = { 1 section with item counts: [1] } "
            + "Updates = [",
        source: "xmartlabs/XLPagerTabStrip#859 (iOS 17.1.2)"),
    UIKitRule(
        rule: "the same, for a collection view's sections (iOS 17's words)",
        session: [
            "load tasks", "set list collection 2", "set ios 17", "delete 2.0 --data-only", "batch reload section 0",
        ],
        uikit:
            "Invalid batch updates detected: the number of sections and/or items returned by the data source before "
            + "and after performing the batch updates are inconsistent with the updates.",
        source: "xmartlabs/XLPagerTabStrip#859"),
    UIKitRule(
        rule: "a collection view's cell provider must return a cell for every item it is asked for",
        session: [
            "load contacts", "set list collection 2", "viewport 2", "diffable on",
            "snapshot insertItems 404 beforeItem 1", "apply",
        ],
        uikit:
            "the collection view's data source did not return a valid cell from "
            + "-collectionView:cellForItemAtIndexPath: for index path <NSIndexPath: 0xc00000000000",
        source: "Instagram/IGListKit#521 (the public quote is cut off there)"),
    // A diffable data source's list takes its snapshots only.
    UIKitRule(
        rule: "a list whose data source is a diffable data source takes no batch update made by hand",
        session: ["load contacts", "diffable on", "batch reconfigure 0.2"],
        uikit: nil,
        source:
            "the collection view's twin is quoted (below); a table's words are in a public code comment only "
            + "(CoreDataExample003, ViewController.swift)"
    ),
    UIKitRule(
        rule: "the same, for a collection view",
        session: ["load contacts", "set list collection 2", "diffable on", "batch delete 0.2"],
        uikit:
            "UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs when acting as the "
            + "UICollectionView's dataSource: please do not call mutation APIs directly on UICollectionView.",
        source: "douglashill/KeyboardKit#16; SwipeCellKit/SwipeCellKit#404"),
    // Snapshots: what NSDiffableDataSourceSnapshot raises or logs.
    UIKitRule(
        rule: "a snapshot asked for the items of a section it lacks raises (iOS 14 and later)",
        session: ["load contacts", "diffable on", "snapshot itemIdentifiers inSection Nowhere"],
        uikit:
            "Section identifier was not found. You can verify the section exists by calling the "
            + "indexOfSectionIdentifier API (which has O(1) performance)",
        source:
            "CovidTrackerFr/vitemadose-ios#69; the-blue-alliance/the-blue-alliance-ios#899 dates it to apps built "
            + "with iOS 14's SDK"
    ),
    UIKitRule(
        rule: "the same on iOS 13: no items",
        session: ["load contacts", "diffable on", "set ios 13", "snapshot itemIdentifiers inSection Nowhere"],
        uikit: nil, source: "the-blue-alliance/the-blue-alliance-ios#899: iOS 13 answered with an empty array",
        refused: false),
    UIKitRule(
        rule: "items need a section to go in",
        session: ["load contacts", "diffable on", "snapshot new", "snapshot appendItems 1"],
        uikit: nil,
        source:
            "no crash report quotes it; the text is UIKit's assertion in __UIDiffableDataSourceSnapshot.m as "
            + "decompiled copies show it"
    ),
    UIKitRule(
        rule: "item identifiers in one call must be unique",
        session: ["load contacts", "diffable on", "snapshot appendItems 10 11 10"],
        uikit: nil,
        source:
            "mozilla-mobile/firefox-ios#23056 and Rivulet#187 quote the sentence; mastodon/mastodon-ios#1366 the "
            + "set's layout (not fetched again for this table)"
    ),
    UIKitRule(
        rule: "section identifiers in one call must be unique",
        session: ["load contacts", "diffable on", "snapshot appendSections A B A"],
        uikit: nil, source: "as for item identifiers"),
    UIKitRule(
        rule: "a section appended or inserted must not be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot appendSections main"],
        uikit: nil,
        source:
            "the-blue-alliance/the-blue-alliance-ios#713 quotes iOS 13's wording; ListLab prints the later one, as "
            + "decompiled copies show it"
    ),
    UIKitRule(
        rule: "an item appended to a section needs the section",
        session: ["load contacts", "diffable on", "snapshot appendItems 20 toSection Nowhere"],
        uikit: nil, source: "UIKit's parameter assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "an insertion's destination must not be among the identifiers inserted",
        session: ["load contacts", "diffable on", "snapshot insertItems 20 21 afterItem 21"],
        uikit: nil, source: "UIKit's assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "a move's destination must not be the item moved",
        session: ["load contacts", "diffable on", "snapshot moveItem 1 beforeItem 1"],
        uikit: nil, source: "UIKit's assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "a moved item must be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot moveItem 404 afterItem 1"],
        uikit: nil, source: "UIKit's parameter assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "an insertion's destination must be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot insertItems 20 beforeItem 404"],
        uikit: nil, source: "UIKit's parameter assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "a section inserted before another needs that section",
        session: ["load contacts", "diffable on", "snapshot insertSections Z beforeSection Nowhere"],
        uikit: nil, source: "UIKit's parameter assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "a moved section must be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot moveSection Nowhere beforeSection main"],
        uikit: nil, source: "UIKit's parameter assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "a reloaded section must be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot reloadSections Nowhere"],
        uikit: nil, source: "UIKit's assertion, as decompiled copies show it"),
    UIKitRule(
        rule: "deleting an item identifier that is not in the snapshot",
        session: ["load contacts", "diffable on", "snapshot deleteItems 404"],
        uikit: nil, source: "UIKit's behaviour is not on public record: ListLab ignores the identifier", refused: false),
    UIKitRule(
        rule: "deleting a section identifier that is not in the snapshot",
        session: ["load contacts", "diffable on", "snapshot deleteSections Nowhere"],
        uikit: nil, source: "UIKit's behaviour is not on public record: ListLab ignores the identifier", refused: false),
    UIKitRule(
        rule: "a reloaded item must be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot reloadItems 404"],
        uikit: nil, source: "UIKit's assertion (__UIDiffableDataSourceSnapshot.m), as decompiled copies show it"),
    UIKitRule(
        rule: "a reconfigured item must be in the snapshot",
        session: ["load contacts", "diffable on", "snapshot reconfigureItems 404"],
        uikit: nil, source: "zotero/zotero-ios#1205 quotes it (not fetched again for this table)"),
    // Section snapshots (an outline): what NSDiffableDataSourceSectionSnapshot raises.
    UIKitRule(
        rule: "identifiers in a section snapshot must be unique",
        session: ["load menu", "diffable on by key", "outline by parent", "outline append 1"],
        uikit: nil, source: "IQListKit#3 quotes it (a crash report; not fetched again for this table)"),
    UIKitRule(
        rule: "a section snapshot's parent must be in it",
        session: ["load menu", "diffable on by key", "outline by parent", "outline append 99 under 404"],
        uikit: nil,
        source:
            "UIKit's assertion in NSDiffableDataSourceSectionSnapshot.mm, as a decompiled copy of iOS 26.1 shows it; "
            + "no crash report quotes it (iOS 15 asserted 'index != NSNotFound' instead, FB9662195)"
    ),
    UIKitRule(
        rule: "a section snapshot's insertion destination must be in it",
        session: ["load menu", "diffable on by key", "outline by parent", "outline insert 99 before 404"],
        uikit: nil, source: "as for the parent"),
    UIKitRule(
        rule: "expanding an item that is not in the section snapshot",
        session: ["load menu", "diffable on by key", "outline by parent", "outline expand 404"],
        uikit: nil,
        source:
            "a decompiled copy of iOS 26.1 skips items it does not hold, without a word; ListLab says it expanded "
            + "nothing",
        refused: false),
    UIKitRule(
        rule: "expanding a hidden item is kept: its children show when its parent expands",
        session: ["load menu", "diffable on by key", "outline by parent", "outline expand 2", "outline expand 1"],
        uikit: nil,
        source:
            "a decompiled copy of iOS 26.1 records the expansion of any item the section snapshot holds; no report "
            + "says more",
        refused: false),
    UIKitRule(
        rule: "an item appended that is there already moves into place (logged, not raised)",
        session: ["load contacts", "diffable on", "snapshot appendItems 1"],
        uikit:
            "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in "
            + "the snapshot. The existing item identifier will be moved into place instead, but this operati",
        source: "jessesquires/ReactiveCollectionsKit#138 (the public quote is cut off there)"),
]

/// The words ListLab printed for the last command of `rule`'s session: its
/// error (all its lines, joined), or its first line when it only logs.
func listLabWords(for rule: UIKitRule) -> String {
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: "/nonexistent")
    for command in rule.session.dropLast() { session.execute(command) }
    output.clear()
    session.execute(rule.session.last ?? "")
    guard let first = output.lines.first else { return "" }
    guard first.hasPrefix("error: ") else { return first }
    // The command printed only its error: every line of it (UIKit's set layout, a collection's counts).
    return ([String(first.dropFirst("error: ".count))] + output.lines.dropFirst()).joined(separator: "\n")
}

/// A message with its numbers and object addresses made alike, and runs of
/// spaces (older iOS put two after a sentence) made one.
func template(_ text: String) -> String {
    var result = ""
    var previous: Character?
    var inAddress = false
    for character in text {
        if inAddress {
            if character.isHexDigit || character == "…" { continue }
            inAddress = false
        }
        if previous == "0", character == "x", result.hasSuffix("#") {
            inAddress = true
            previous = character
            continue
        }
        let mapped: Character = character.isNumber ? "#" : (character.isWhitespace ? " " : character)
        previous = character
        if mapped == "#", result.last == "#" { continue }
        if mapped == " ", result.last == " " { continue }
        result.append(mapped)
    }
    return result
}

/// Docs/uikit-rules.md, written from the rules and what ListLab prints now.
func uikitRulesDocument() -> String {
    func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
    }
    let quoted = uikitRules.filter { $0.uikit != nil }.count
    var lines = [
        "# UIKit's rules, word for word",
        "",
        "Every rule the headless list and the diffable snapshots enforce, tried at the prompt. For",
        "each: the session that meets it, what ListLab prints, and UIKit's own words where a public",
        "crash report or issue quotes them, with that source. Where no public quote was found the",
        "table says so: those messages are ListLab's, written in the pattern of UIKit's others.",
        "Back to the [README](../README.md); the UIKit face over these rules: [uikit-module.md](uikit-module.md).",
        "",
        "This file is written by `Tests/ListLabShellTests/UIKitRulesTests.swift`",
        "(`LISTLAB_WRITE_UIKIT_RULES=1 swift test --filter UIKitRules`); a test fails when it and",
        "the code disagree, and each quoted rule is a test that ListLab's words are UIKit's (numbers",
        "and object addresses aside, and up to where the quote ends).",
        "",
        "\(uikitRules.count) rules; \(quoted) with UIKit's words on public record, checked word for word;",
        "\(uikitRules.filter { !$0.refused }.count) where UIKit's behaviour is not on public record and ListLab takes "
            + "the change.",
        "",
        "| rule | session | ListLab prints | UIKit's words | source |",
        "|---|---|---|---|---|",
    ]
    for rule in uikitRules {
        let session = rule.session.map { "`\($0)`" }.joined(separator: "<br>")
        lines.append(
            "| \(cell(rule.rule)) | \(session) | \(cell(listLabWords(for: rule))) | \(rule.uikit.map(cell) ?? "—") | \(cell(rule.source)) |"
        )
    }
    lines += [
        "",
        "Counts that do not add up are said in the words of the iOS version in force (`set ios`):",
        "before iOS 16.4 (the default is 16) the classic `Invalid update: invalid number of rows in",
        "section ...` (items, in a collection view), which the tours teach and most public reports",
        "quote; from 16.4 `Invalid batch updates detected: ... before and/or after ...`, and from 17",
        "`... before and after ...`, with the counts and the updates on lines of their own. UIKit",
        "indents the updates with a tab; ListLab with four spaces. A reload is listed as a delete and",
        "an insert, as UIKit lists it; how it lists moves, reconfigures and section changes is not on",
        "public record: ListLab writes `Move item (0 - 1) -> (0 - 2)`, `Reconfigure item (0 - 1)` and",
        "`Delete section 1`. Public reports of an app's table view give no iOS version for the new",
        "words; ListLab takes them to come with the collection view's, in iOS 16.4. The classic",
        "words are still reported on later versions for some collection views",
        "(longitachi/ZLPhotoBrowser#931, iOS 17.6.1): which check runs first is not on public record.",
        "",
        "## Out of the model",
        "",
        "What ListLab does where UIKit's rules reach past a headless list, and what is known of UIKit:",
        "",
        "| case | ListLab | UIKit |",
        "|---|---|---|",
        "| applying a snapshot from a background queue | one thread: every `apply` is on the main queue, so neither "
            + "of UIKit's queue checks can be met | apply always on the main queue or always off it (Apple's "
            + "documentation); mixing logs `Warning: applying updates in a non-thread confined manner is dangerous "
            + "and can lead to deadlocks. ...` (anyproto/anytype-swift#998); outline expand and collapse need the "
            + "main queue (Apple Developer Forums thread 757270) |",
        "| applying on the main queue while background applies are outstanding | not modelled (nothing is "
            + "asynchronous) | raises `Deadlock detected: calling this method on the main queue with outstanding "
            + "async updates is not permitted and will deadlock. ...` (anyproto/anytype-swift#998) |",
        "| reloading a row that is selected (`batch reload 0.1` after `select 0.1`) | the row stays selected, in its "
            + "new cell | `reloadRows` deselected it in a 2011 report (blog.stevex.net); nothing newer is on public "
            + "record, and reports about `reloadData` disagree |",
        "| moving a row to where it is (`batch move 0.1 0.1`) | taken: nothing moves | no check compares a move's two "
            + "ends in a decompiled UITableView of iOS 12; no report says more |",
        "| inserting a section and a row inside it (`batch insert section 1 insert 1.0`) | taken when the counts add "
            + "up: the new section's rows come from the data source | a decompiled UITableView of iOS 12 drops the "
            + "row insert without a word; moving a row into the new section is refused (see the table) |",
        "",
    ]
    return lines.joined(separator: "\n")
}

@Test(arguments: uikitRules.indices)
func eachRuleIsRefusedInItsWords(index: Int) {
    let rule = uikitRules[index]
    let words = listLabWords(for: rule)
    #expect(!words.isEmpty, "\(rule.rule): the session printed nothing")
    if rule.refused {
        #expect(
            !words.hasPrefix("the list accepted") && !words.hasPrefix("deleteItems") && !words.hasPrefix("appendItems"),
            "\(rule.rule): it was taken")
    } else {
        #expect(!words.hasPrefix("error") && !words.contains("Invalid"), "\(rule.rule): it was refused: \(words)")
    }
    if let uikit = rule.uikit {
        let theirs = template(uikit)
        let ours = template(words)
        // Word for word, up to where the public quote ends.
        #expect(ours.hasPrefix(theirs), "\(rule.rule)\n ListLab: \(words)\n UIKit:   \(uikit)")
    }
}

@Test func theRulesDocumentSaysWhatTheCodeDoes() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let path = root.appendingPathComponent("Docs/uikit-rules.md")
    let current = uikitRulesDocument()
    if ProcessInfo.processInfo.environment["LISTLAB_WRITE_UIKIT_RULES"] == "1" {
        try Data(current.utf8).write(to: path)
    }
    let written = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
    #expect(
        written == current,
        "Docs/uikit-rules.md is out of date: LISTLAB_WRITE_UIKIT_RULES=1 swift test --filter UIKitRules writes it again"
    )
}
