public import ListLabCore

/// Draws the calls of a trace as an SVG sequence diagram: a lifeline for
/// each role that takes part (the controller, the list, the adapter or the
/// diffable data source, the provider, the presenter or the cell provider,
/// and the cells), and an arrow per call, top to bottom, its label the call
/// as `trace on` prints it. Nested calls are indented by their depth.
///
/// ```swift
/// let diagram = SequenceDiagram(events: [
///     TraceEvent(caller: .list, callee: .adapter, call: "numberOfSections → 1", depth: 0),
///     TraceEvent(caller: .adapter, callee: .provider, call: "numberOfSections → 1", depth: 1),
/// ])
/// diagram.lifelines   // ["list", "adapter", "provider"]
/// ```
public struct SequenceDiagram: Hashable, Sendable {
    /// The calls, in the order they happened.
    public var events: [TraceEvent]
    /// The most calls drawn; a longer trace ends with a line that counts the rest.
    public static let maximumCalls = 60
    static let columnWidth = 128.0
    static let callHeight = 20.0
    static let headHeight = 34.0
    static let labelRoom = 300.0

    /// Creates the diagram of `events`.
    public init(events: [TraceEvent]) {
        self.events = events
    }

    /// The lifelines, left to right: only the roles that take part.
    public var lifelines: [String] {
        let order = [
            "controller", "list", "adapter", "diffable data source", "provider", "presenter", "cell provider", "cells",
        ]
        let present = Set(events.flatMap { [Self.lifeline(of: $0.caller), Self.lifeline(of: $0.callee)] })
        return order.filter(present.contains)
    }

    /// The lifeline a role is drawn on: every cell shares one.
    static func lifeline(of role: TraceRole) -> String {
        if case .cell = role { return "cells" }
        return role.description
    }

    /// The diagram as an inline SVG element; `id` names its arrowhead, so
    /// that each diagram of a page has ids of its own.
    public func svg(id: String = "sequence") -> String {
        let lines = lifelines
        let drawn = events.prefix(Self.maximumCalls)
        let left = Self.columnWidth / 2
        // Wide enough for the longest label where it starts (estimated from its characters, 10-point
        // text), so that no call runs past the diagram's box.
        let labelEnds = drawn.map { event -> Double in
            let from = left + Double(lines.firstIndex(of: Self.lifeline(of: event.caller)) ?? 0) * Self.columnWidth
            let to = left + Double(lines.firstIndex(of: Self.lifeline(of: event.callee)) ?? 0) * Self.columnWidth
            let start = from == to ? from + 22 : min(from, to) + 6 + Double(event.depth) * 4
            let who =
                event.caller == event.callee || Self.lifeline(of: event.callee) != "cells"
                ? 0 : event.callee.description.count + 2
            return start + Double(event.call.count + who) * 5.6 + 12
        }
        let width = max(
            Double(lines.count - 1) * Self.columnWidth + Self.columnWidth + Self.labelRoom, labelEnds.max() ?? 0)
        let bottom = Self.headHeight + Double(drawn.count + (events.count > drawn.count ? 1 : 0)) * Self.callHeight + 12
        func x(_ role: TraceRole) -> Double {
            left + Double(lines.firstIndex(of: Self.lifeline(of: role)) ?? 0) * Self.columnWidth
        }
        var out =
            "<svg class=\"sequence\" width=\"\(n(width))\" height=\"\(n(bottom))\" viewBox=\"0 0 \(n(width)) "
            + "\(n(bottom))\""
        out +=
            " font-family=\"\(ScreenDrawing.fonts)\" role=\"img\" aria-label=\"\(events.count) calls across the "
            + "split\">"
        out +=
            "<defs><marker id=\"\(Markup.escape(id))-arrow\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" "
            + "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L8,4 L0,8 z\" "
            + "fill=\"#3a3a3c\"/></marker></defs>"
        for (index, name) in lines.enumerated() {
            let center = left + Double(index) * Self.columnWidth
            out +=
                "<line x1=\"\(n(center))\" x2=\"\(n(center))\" y1=\"26\" y2=\"\(n(bottom - 4))\" stroke=\"#c7c7cc\" "
                + "stroke-dasharray=\"4 3\"/>"
            out +=
                "<rect x=\"\(n(center - 58))\" y=\"4\" width=\"116\" height=\"22\" rx=\"6\" "
                + "fill=\"\(Self.color(of: name))\"/>"
            out +=
                "<text class=\"lifeline\" x=\"\(n(center))\" y=\"19\" text-anchor=\"middle\" font-size=\"11\" "
                + "font-weight=\"600\" fill=\"#ffffff\">\(Markup.escape(name))</text>"
        }
        for (index, event) in drawn.enumerated() {
            let y = Self.headHeight + Double(index) * Self.callHeight + 12
            let from = x(event.caller)
            let to = x(event.callee)
            let labelX = min(from, to) + 6 + Double(event.depth) * 4
            if from == to {
                out +=
                    "<path d=\"M\(n(from)),\(n(y - 6)) h18 v8 h-16\" fill=\"none\" stroke=\"#3a3a3c\" "
                    + "marker-end=\"url(#\(Markup.escape(id))-arrow)\"/>"
            } else {
                out +=
                    "<line x1=\"\(n(from))\" x2=\"\(n(to))\" y1=\"\(n(y))\" y2=\"\(n(y))\" stroke=\"#3a3a3c\" "
                    + "marker-end=\"url(#\(Markup.escape(id))-arrow)\"/>"
            }
            let who =
                event.caller == event.callee || Self.lifeline(of: event.callee) != "cells" ? "" : "\(event.callee): "
            out +=
                "<text class=\"call\" x=\"\(n(from == to ? from + 22 : labelX))\" y=\"\(n(y - 4))\" font-size=\"10\" "
                + "fill=\"#1c1c1e\" stroke=\"#ffffff\" stroke-width=\"3\" "
                + "paint-order=\"stroke\">\(Markup.escape(who + event.call))</text>"
        }
        if events.count > drawn.count {
            let y = Self.headHeight + Double(drawn.count) * Self.callHeight + 12
            out +=
                "<text x=\"\(n(left))\" y=\"\(n(y))\" font-size=\"10\" font-style=\"italic\" fill=\"#6d6d72\">… and "
                + "\(events.count - drawn.count) more calls (the output lists them all)</text>"
        }
        return out + "</svg>"
    }

    static func color(of lifeline: String) -> String {
        switch lifeline {
        case "list": "#0a84ff"
        case "adapter", "diffable data source": "#8e4ec6"
        case "provider": "#30a46c"
        case "presenter", "cell provider": "#d97706"
        case "cells": "#6d6d72"
        default: "#3a3a3c"
        }
    }

    private func n(_ value: Double) -> String { Markup.number(value) }
}
