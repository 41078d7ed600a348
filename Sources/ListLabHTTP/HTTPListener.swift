import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening TCP socket and a thread for each connection it accepts: the
/// server's HTTP and WebSocket traffic is a few requests and one long-lived
/// socket a tab, each read blocking on a thread of its own, so no client
/// that sends slowly holds the threads Swift's tasks share.
///
/// Connections are bounded per client (by remote address) as well as in
/// all, so that one client cannot take every slot: past either bound, the
/// oldest connection still sending its request head gives up its slot (a
/// browser sends a head at once; only a client that holds slots idle loses
/// them), and when none is, the new connection is closed.
package final class HTTPListener: Sendable {
    private let descriptor: Int32
    /// The port it listens on.
    package let port: UInt16
    /// The most connections open at once.
    package static let mostConnections = 512
    /// The most connections open at once from one address, by default: well
    /// under ``mostConnections``, and more than a person's tabs need.
    package static let mostPerClient = 64
    /// This listener's bound per address (a classroom behind one address raises it).
    private let perClient: Int
    /// Whether connections are bounded per client, and idle ones give up
    /// their slots (a test's mutation turns it off).
    private let boundsClients: Bool
    /// The addresses whose connections are not bounded per client: a reverse
    /// proxy's, which speaks for many clients.
    private let proxies: Set<String>
    private let open = Mutex<[UInt64: Admitted]>([:])
    private let serials = Atomic<UInt64>(0)
    private let stopped = Mutex(false)
    /// Says what was refused, a line each, at most once a second a kind.
    private let log: RefusalLog?

    /// A connection admitted: who sent it, and when.
    private struct Admitted {
        let connection: ConnectionSocket
        let client: String
        let since: ContinuousClock.Instant
    }

    /// Why a listener could not be made.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Listens on `host` (an IPv4 or IPv6 address, or `localhost`) and `port` (0: any free port).
    package init(
        host: String, port: UInt16, boundsClients: Bool = true, proxies: [String] = [],
        mostPerClient: Int = HTTPListener.mostPerClient, log: RefusalLog? = nil
    ) throws(Failure) {
        self.boundsClients = boundsClients
        perClient = min(mostPerClient, Self.mostConnections)
        // A listener on an IPv6 wildcard names an IPv4 client as a mapped address.
        self.proxies = Set(proxies.flatMap { [$0, "::ffff:" + $0] })
        self.log = log
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let isIPv6 = name.contains(":")
        #if canImport(Darwin)
            let stream = SOCK_STREAM
        #else
            let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, stream, 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket (\(String(cString: strerror(errno))))") }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, name, &address.sin6_addr) == 1 else {
                close(descriptor)
                throw Failure(description: "'\(host)' is not an IPv6 address")
            }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, name.lowercased() == "localhost" ? "127.0.0.1" : name, &address.sin_addr) == 1
            else {
                close(descriptor)
                throw Failure(description: "'\(host)' is not an IP address (say 127.0.0.1, ::1 or 0.0.0.0)")
            }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: reason)
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = withUnsafePointer(to: &address) { pointer in
            isIPv6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin_port)
                }
        }
        self.descriptor = descriptor
        self.port = port
    }

    deinit { close(descriptor) }

    /// Accepts connections until ``stop()``, each served by `serve` on a
    /// thread of its own; returns when stopped.
    package func run(_ serve: @escaping @Sendable (ConnectionSocket) -> Void) {
        while !stopped.withLock({ $0 }) {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(descriptor, $0, &length) }
            }
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE {
                    usleep(50_000)
                    continue
                }
                return
            }
            let connection = ConnectionSocket(descriptor: client, client: Self.name(of: address))
            let serial = serials.add(1, ordering: .relaxed).newValue
            guard admit(connection, as: serial) else { continue }
            DetachedThread.start { [self] in
                serve(connection)
                connection.shutDown()
                _ = open.withLock { $0.removeValue(forKey: serial) }
            }
        }
    }

    /// Keeps `connection` among the open ones, making room by closing the
    /// oldest one still sending its head when its client, or the server, is
    /// at its bound; false (and the connection closed) when there is none.
    private func admit(_ connection: ConnectionSocket, as serial: UInt64) -> Bool {
        let client = connection.client
        let (admitted, evicted, reason) = open.withLock { open -> (Bool, ConnectionSocket?, String?) in
            var evicted: ConnectionSocket?
            var reason: String?
            func makeRoom(among keys: [UInt64]) -> Bool {
                let idle = keys.filter { open[$0]?.connection.isReadingHead == true }
                guard let oldest = idle.min(by: { (open[$0]?.since ?? .now) < (open[$1]?.since ?? .now) }),
                    let entry = open[oldest]
                else { return false }
                open[oldest] = nil
                evicted = entry.connection
                return true
            }
            if boundsClients, !proxies.contains(client) {
                let mine = open.filter { $0.value.client == client }.map(\.key)
                if mine.count >= perClient {
                    guard makeRoom(among: mine) else {
                        return (
                            false, nil,
                            "refused a connection from \(client): it has \(perClient) open, the most one "
                                + "client may"
                        )
                    }
                    reason =
                        "closed the oldest of \(client)'s connections still sending a request head: it had "
                        + "\(perClient) open, the most one client may"
                }
            }
            if open.count >= Self.mostConnections {
                guard boundsClients, makeRoom(among: Array(open.keys)) else {
                    return (
                        false, nil, "refused a connection from \(client): the server has \(Self.mostConnections) open"
                    )
                }
                reason =
                    "closed the oldest connection still sending a request head: the server had "
                    + "\(Self.mostConnections) open"
            }
            open[serial] = Admitted(connection: connection, client: client, since: .now)
            return (true, evicted, reason)
        }
        evicted?.shutDown()
        if let reason { log?.say(reason) }
        return admitted
    }

    /// `text` as the listener names a client's address (IPv4 dotted, IPv6
    /// compressed); nil when it is not an address.
    package static func address(_ text: String) -> String? {
        var v4 = in_addr()
        var v6 = in6_addr()
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>?
        if inet_pton(AF_INET, text, &v4) == 1 {
            written = inet_ntop(AF_INET, &v4, &out, socklen_t(out.count))
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            written = inet_ntop(AF_INET6, &v6, &out, socklen_t(out.count))
        } else {
            return nil
        }
        guard written != nil else { return nil }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address a connection came from, as a log line names it.
    private static func name(of address: sockaddr_storage) -> String {
        var address = address
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>? = withUnsafeMutablePointer(to: &address) { pointer in
            if Int32(pointer.pointee.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    inet_ntop(AF_INET6, &$0.pointee.sin6_addr, &text, socklen_t(text.count))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                inet_ntop(AF_INET, &$0.pointee.sin_addr, &text, socklen_t(text.count))
            }
        }
        guard written != nil else { return "an unknown address" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Stops accepting and ends every open connection.
    package func stop() {
        stopAccepting()
        for admitted in open.withLock({ Array($0.values) }) { admitted.connection.shutDown() }
    }

    /// Stops accepting connections; the open ones go on.
    package func stopAccepting() {
        stopped.withLock { $0 = true }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}

/// Threads of the server's own, for work that blocks (a socket's reads).
package enum DetachedThread {
    /// Runs `body` on a new thread that nothing waits for.
    package static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let made = pthread_create(
            &thread, nil,
            { argument in
                #if canImport(Darwin)
                    let box = Unmanaged<Box>.fromOpaque(argument).takeRetainedValue()
                #else
                    guard let argument else { return nil }
                    let box = Unmanaged<Box>.fromOpaque(argument).takeRetainedValue()
                #endif
                box.body()
                return nil
            }, box)
        if made == 0 {
            #if canImport(Darwin)
                if let thread { pthread_detach(thread) }
            #else
                pthread_detach(thread)
            #endif
        } else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }

    private final class Box: Sendable {
        let body: @Sendable () -> Void
        package init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
