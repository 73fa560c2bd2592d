import CMicroHTTPD
import CUnderstudyHTTPWire
import HTTPTypes
import UnderstudyHTTP

// The C boundary: global functions (nonisolated, capture nothing) that
// libmicrohttpd calls on its worker threads. Each one recovers its Swift
// object from the context pointer and hands over to Swift code at once.

func mhdAccessHandler(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>?,
    reqCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let url, let method, let uploadDataSize, let reqCls else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let upload = uploadData.map { UnsafeRawBufferPointer(start: $0, count: uploadDataSize.pointee) }
    return server.handle(
        connection: connection, url: url, method: method, version: version,
        upload: upload, uploadSize: uploadDataSize, slot: reqCls
    )
}

/// Called with the raw request target once the request line is parsed, before libmicrohttpd
/// splits off the query and percent-decodes it: keeps the raw target for the strict checks and
/// takes the query over (see `uhw_take_target`).
func mhdURIReceived(connection: OpaquePointer?, uri: UnsafeMutablePointer<CChar>?) {
    guard let connection, let uri, let owner = Connection.of(connection) else { return }
    uhw_take_target(uri, owner.exchange.target)
}

/// Called for each accepted socket, before libmicrohttpd makes a connection of it:
/// a draining server closes it at once.
func mhdAcceptPolicy(cls: UnsafeMutableRawPointer?, address: UnsafePointer<sockaddr>?, length: socklen_t) -> MHD_Result {
    guard let cls else { return .YES }
    return Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().isDraining ? .NO : .YES
}

func mhdRequestCompleted(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    reqCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, termination: MHD_RequestTerminationCode
) {
    guard let cls, let reqCls else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().completed(slot: reqCls, termination: termination)
}

func mhdConnectionChanged(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        socketContext.pointee = Unmanaged.passRetained(server.connectionOpened(connection)).toOpaque()
    } else if let raw = socketContext.pointee {
        socketContext.pointee = nil
        server.connectionClosed(Unmanaged<Connection>.fromOpaque(raw).takeRetainedValue())
    }
}

func mhdReadBody(cls: UnsafeMutableRawPointer?, position: UInt64, buffer: UnsafeMutablePointer<CChar>?, max: Int) -> Int {
    guard let cls, let buffer else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
    let stream = Unmanaged<BodyStream>.fromOpaque(cls).takeUnretainedValue()
    return stream.read(at: Int(position), into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
}

func mhdFreeBody(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<BodyStream>.fromOpaque(cls).release()
}

func mhdLog(message: UnsafePointer<CChar>?) {
    guard let message else { return }
    let text = String(cString: message).trimmingTrailingNewlines()
    HTTPServerLog.handler.current?(text)
}

func mhdPanic(cls: UnsafeMutableRawPointer?, file: UnsafePointer<CChar>?, line: UInt32, reason: UnsafePointer<CChar>?) {
    let text = "libmicrohttpd panic at \(file.map { String(cString: $0) } ?? "?"):\(line): \(reason.map { String(cString: $0) } ?? "")\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text
    }
}

/// Set once per process before the first server starts: a write to a closed socket must not kill
/// the process, and libmicrohttpd's panics go through Swift.
let processHooks: Void = {
    signal(SIGPIPE, SIG_IGN)
    MHD_set_panic_func(mhdPanic, nil)
}()

func installProcessHooks() { _ = processHooks }
