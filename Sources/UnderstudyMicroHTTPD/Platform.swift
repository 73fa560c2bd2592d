import CMicroHTTPD
import UnderstudyHTTP

// Everything in UnderstudyMicroHTTPD that differs between Linux and Darwin, in one place.
//
// The C library is imported here, once, for the whole module; the rest of the
// module uses only calls that exist on both systems (POSIX sockets, poll,
// pthreads, sysconf). The few constants that differ are named below, with the
// Linux value and the Darwin value side by side. Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("UnderstudyMicroHTTPD builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    #if os(Linux)
    /// Whether libmicrohttpd can use epoll here.
    static let hasEpoll = true
    /// `SOCK_STREAM`: glibc imports it as an enum, Darwin as an `Int32` macro.
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// Flag for `socket(2)`'s type that opens the socket close-on-exec in the same call.
    static let closeOnExecSocketFlag = Int32(SOCK_CLOEXEC.rawValue)
    /// `RLIMIT_NOFILE`: an enum in glibc, an `Int32` macro on Darwin.
    static let openFileResource = Int32(RLIMIT_NOFILE.rawValue)
    /// `POLLRDHUP`: the peer closed its side. Glibc exposes it to C only with _GNU_SOURCE.
    static let pollReadHangUp: Int16 = 0x2000
    /// Accept a connection only once its first bytes arrived, or after `seconds` (TCP_DEFER_ACCEPT).
    static func deferAccept(_ socket: Int32, seconds: Int32) {
        var seconds = seconds
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_DEFER_ACCEPT, &seconds, socklen_t(MemoryLayout<Int32>.size))
    }
    /// Ends the connection's TCP stream now: a FIN, or with `reset` a RST (a `connect` to AF_UNSPEC
    /// disconnects a TCP socket with an active reset). libmicrohttpd closes a resumed connection it gave
    /// up on only at a later cleanup, up to its connection timeout later; the socket stays its to close.
    static func endStreamNow(_ socket: Int32, reset: Bool) {
        if reset {
            var address = sockaddr()
            address.sa_family = sa_family_t(AF_UNSPEC)
            _ = connect(socket, &address, socklen_t(MemoryLayout<sockaddr>.size))
        } else {
            _ = shutdown(socket, Int32(SHUT_WR))
        }
    }
    #elseif canImport(Darwin)
    static let hasEpoll = false
    static let streamSocket = SOCK_STREAM
    /// Darwin has no SOCK_CLOEXEC; ``ListeningSocket`` sets FD_CLOEXEC with fcntl on every system.
    static let closeOnExecSocketFlag: Int32 = 0
    static let openFileResource = RLIMIT_NOFILE
    /// No POLLRDHUP on Darwin: never asked for, because `.epoll` is never in force there.
    static let pollReadHangUp: Int16 = 0
    /// Darwin has no TCP_DEFER_ACCEPT: connections are accepted at once, and the first-bytes
    /// check (a TLS ClientHello gets a 400) sees what has arrived by then; the header deadline
    /// still closes sockets left silent.
    static func deferAccept(_ socket: Int32, seconds: Int32) {}
    /// Darwin cannot disconnect a TCP socket in place: both ways are shut now (a FIN), and the reset
    /// (SO_LINGER 0, set by the caller) goes when libmicrohttpd closes the socket.
    static func endStreamNow(_ socket: Int32, reset: Bool) {
        _ = shutdown(socket, SHUT_RDWR)
    }
    #endif

    /// Online cores, at least 1 (`sysconf` takes an `Int32` on both systems).
    static var onlineCores: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Whether the client of a suspended connection's `socket` has hung up (closed or reset).
    ///
    /// libmicrohttpd does not watch a suspended connection, so ``ParkingLot`` asks this
    /// four times a second. With `.epoll` (Linux) a zero-timeout poll for POLLRDHUP answers
    /// without touching the data. With `.poll` (every system) a readable socket is
    /// peeked at: a read of 0 bytes is the peer's FIN, an error other than "would block"
    /// its reset; bytes waiting to be read mean the client is still there unless the TCP
    /// state says its FIN came after them (a TLS client's close_notify, then its FIN).
    static func peerHungUp(_ socket: Int32, eventLoop: MicroHTTPDOptions.EventLoop) -> Bool {
        guard socket >= 0 else { return false }
        let gone = Int16(POLLHUP | POLLERR | POLLNVAL)
        let readHangUp = eventLoop == .epoll ? pollReadHangUp : 0
        var probe = pollfd(fd: socket, events: readHangUp == 0 ? Int16(POLLIN) : readHangUp, revents: 0)
        // poll() first: the answer is in revents, independent of errno.
        guard poll(&probe, 1, 0) > 0 else { return false }
        if probe.revents & (readHangUp | gone) != 0 { return true }
        guard readHangUp == 0, probe.revents & Int16(POLLIN) != 0 else { return false }
        var byte: UInt8 = 0
        let peeked = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked == 0 { return true }
        // Bytes before the FIN: a TLS client's close_notify alert, or pipelined bytes. Gone if its side is closed,
        // as POLLRDHUP would say.
        if peeked > 0 { return peerClosedItsSide(socket) }
        return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }

    /// Whether the TCP peer has sent its FIN (the connection is in CLOSE_WAIT); false for other sockets.
    static func peerClosedItsSide(_ socket: Int32) -> Bool {
        #if os(Linux)
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return false }
        return info.tcpi_state == 8  // TCP_CLOSE_WAIT in <netinet/tcp.h>
        #else
        var info = tcp_connection_info()
        var length = socklen_t(MemoryLayout<tcp_connection_info>.size)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_CONNECTION_INFO, &info, &length) == 0 else { return false }
        return info.tcpi_state == 5  // TCPS_CLOSE_WAIT in <netinet/tcp_fsm.h>
        #endif
    }

    /// The `MHD_USE_*` flag that picks libmicrohttpd's event loop.
    static func daemonFlag(for eventLoop: MicroHTTPDOptions.EventLoop) -> UInt32 {
        switch eventLoop {
        case .epoll: MHD_USE_EPOLL.rawValue
        // What MHD_USE_AUTO picks where there is no epoll (Darwin); named outright so Linux runs the same loop.
        case .poll: MHD_USE_POLL.rawValue
        }
    }
}
