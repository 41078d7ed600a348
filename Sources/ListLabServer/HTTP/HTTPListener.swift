#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A listening TCP socket and a thread for each connection it accepts: the
/// server's HTTP and WebSocket traffic is a few requests and one long-lived
/// socket a tab, each read blocking on a thread of its own, so no client
/// that sends slowly holds the threads Swift's tasks share.
final class HTTPListener: Sendable {
    private let descriptor: Int32
    /// The port it listens on.
    let port: UInt16
    /// The most connections open at once; more are closed as they come.
    static let mostConnections = 512
    private let open = Mutex<[Int32: ConnectionSocket]>([:])
    private let stopped = Mutex(false)

    /// Why a listener could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Listens on `host` (an IPv4 or IPv6 address, or `localhost`) and `port` (0: any free port).
    init(host: String, port: UInt16) throws(Failure) {
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
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, name.lowercased() == "localhost" ? "127.0.0.1" : name, &address.sin_addr) == 1 else {
                close(descriptor)
                throw Failure(description: "'\(host)' is not an IP address (say 127.0.0.1, ::1 or 0.0.0.0)")
            }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: reason)
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        let port = withUnsafePointer(to: &address) { pointer in
            isIPv6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.descriptor = descriptor
        self.port = port
    }

    deinit { close(descriptor) }

    /// Accepts connections until ``stop()``, each served by `serve` on a
    /// thread of its own; returns when stopped.
    func run(_ serve: @escaping @Sendable (ConnectionSocket) -> Void) {
        while !stopped.withLock({ $0 }) {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE {
                    usleep(50_000)
                    continue
                }
                return
            }
            let connection = ConnectionSocket(descriptor: client)
            let admitted = open.withLock { open in
                guard open.count < Self.mostConnections else { return false }
                open[client] = connection
                return true
            }
            guard admitted else { continue }
            DetachedThread.start { [self] in
                serve(connection)
                connection.shutDown()
                _ = open.withLock { $0.removeValue(forKey: client) }
            }
        }
    }

    /// Stops accepting and ends every open connection.
    func stop() {
        stopAccepting()
        for connection in open.withLock({ Array($0.values) }) { connection.shutDown() }
    }

    /// Stops accepting connections; the open ones go on.
    func stopAccepting() {
        stopped.withLock { $0 = true }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}

/// Threads of the server's own, for work that blocks (a socket's reads).
enum DetachedThread {
    /// Runs `body` on a new thread that nothing waits for.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let made = pthread_create(&thread, nil, { argument in
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
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
