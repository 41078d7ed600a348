import ListLabCore

extension SwiftExport {
    /// The test: the provider and presenter on a headless list, and the lines it shows first.
    func testSource() -> String {
        let dataFile = dataFileConstant
        var out = ""
        out += """

            // MARK: The test

            @Test func \(Self.lowerCamel(plural))ShowAsInListLab() throws {
                let provider = \
            \(itemsAreInline ? "make\(plural)Provider()" : "try make\(plural)Provider(file: \(dataFile))")
                let adapter = ListAdapter(provider: provider, presenter: make\(plural)Presenter())
                let list = HeadlessList(style: \(styleCode), viewportRows: \(viewportRows))
                adapter.attach(to: list)
                #expect(list.render() == [

            """
        for line in expectedLines {
            out += "        \(Self.literal(line)),\n"
        }
        out += "    ])\n}\n"
        return out
    }
}
