import ListLabCore
import Testing

@Test func pathsPrintAsSectionDotItem() {
    #expect(ItemPath(1, 4).description == "1.4")
    #expect(ItemPath(0, 2).uiKitDescription == "<NSIndexPath: 0x…> {length = 2, path = 0 - 2}")
    #expect(ItemMove(from: ItemPath(0, 1), to: ItemPath(2, 0)).description == "0.1 -> 2.0")
}

@Test func pathsOrderBySectionThenItem() {
    #expect(ItemPath(0, 9) < ItemPath(1, 0))
    #expect(ItemPath(1, 2) < ItemPath(1, 3))
    #expect(!(ItemPath(1, 3) < ItemPath(1, 3)))
    #expect(
        [ItemPath(1, 0), ItemPath(0, 5), ItemPath(0, 1)].sorted() == [ItemPath(0, 1), ItemPath(0, 5), ItemPath(1, 0)])
}
