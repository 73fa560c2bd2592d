public import Foundation

/// Raw TCP access to a server, for what URLSession will not send: malformed
/// requests, a chosen `Host`, pipelining, connections left open on purpose.
public enum RawHTTP {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `SOCK_STREAM` as `socket(2)` takes it on this system (an enum in glibc, a macro on Darwin).
    public static var streamSocket: Int32 { Platform.streamSocket }

    /// A connected socket to 127.0.0.1:`port`; the caller closes it.
    public static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Platform.streamSocket, 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        Platform.keepSignalsOff(fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Platform.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect to 127.0.0.1:\(port): \(reason)")
        }
        return fd
    }

    /// Sends `payload` and returns every byte received until the server closes
    /// the connection or `timeout` seconds pass without data.
    public static func exchange(port: Int, _ payload: String, timeout: TimeInterval = 3) throws -> String {
        let fd = try connect(port: port)
        defer { close(fd) }
        // `.init`: tv_usec is an Int in glibc and an Int32 on Darwin.
        let whole = timeout.rounded(.down)
        var wait = timeval(tv_sec: .init(whole), tv_usec: .init((timeout - whole) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        send(fd, payload)
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Writes `text` to a connected socket.
    public static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Platform.send(fd, $0.baseAddress, $0.count, Platform.noSignalSendFlag) }
            if written <= 0 { return }
            offset += written
        }
    }
}
