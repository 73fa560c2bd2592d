import Testing

@testable import UnderstudyHTTP

/// RFC 6455's handshake value and framing, byte for byte: the examples the RFC gives, and each rule a hostile
/// client can break ending in its close code.
@Suite struct WebSocketFramesTests {
    /// A client frame: masked as section 5.3 requires unless `masked` is false.
    static func clientFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        var frame = WebSocketFrame.frame(opcode: opcode, payload: masked ? payload.enumerated().map { $1 ^ mask[$0 & 3] } : payload)
        if !fin { frame[0] &= 0x7F }
        guard masked else { return frame }
        let headerLength = frame.count - payload.count
        frame[1] |= 0x80
        frame.insert(contentsOf: mask, at: headerLength)
        return frame
    }

    static func read(_ bytes: [UInt8], max: Int = 1 << 20) -> Result<[WebSocketEvent], WebSocketFailure> {
        var reader = WebSocketFrameReader(maxMessageBytes: max)
        var events: [WebSocketEvent] = []
        // One byte at a time: every partial header and payload must wait, not fail.
        for byte in bytes {
            reader.append([byte])
            do {
                while let event = try reader.next() { events.append(event) }
            } catch {
                return .failure(error)
            }
        }
        return .success(events)
    }

    @Test func theAcceptValueIsTheRFCsExample() throws {
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(try WebSocketHandshake.accept(method: "GET", key: " dGhlIHNhbXBsZSBub25jZQ== ", version: "13") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(throws: WebSocketHandshake.Refusal.malformedKey) { try WebSocketHandshake.accept(method: "GET", key: "short", version: "13") }
        #expect(throws: WebSocketHandshake.Refusal.unsupportedVersion) {
            try WebSocketHandshake.accept(method: "GET", key: "dGhlIHNhbXBsZSBub25jZQ==", version: "8")
        }
        #expect(throws: WebSocketHandshake.Refusal.notGET) { try WebSocketHandshake.accept(method: "POST", key: nil, version: "13") }
        #expect(WebSocketHandshake.base64Decoded("aGk=") == Array("hi".utf8))
        #expect(WebSocketHandshake.base64Decoded("a=Gk") == nil)
        #expect(WebSocketHandshake.base64Encoded(Array("hi".utf8)) == "aGk=")
    }

    @Test func serverFramesAreTheRFCsExamples() {
        // Section 5.7: an unmasked "Hello", and a 256-byte binary frame's 16-bit length.
        #expect(WebSocketFrame.message(.text("Hello")) == [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
        #expect(Array(WebSocketFrame.message(.binary([UInt8](repeating: 0, count: 256))).prefix(4)) == [0x82, 0x7E, 0x01, 0x00])
        #expect(Array(WebSocketFrame.message(.binary([UInt8](repeating: 0, count: 65536))).prefix(10)) == [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0])
        let close = WebSocketFrame.close(.goingAway, reason: String(repeating: "é", count: 100))
        #expect(close.count == 2 + 2 + 122)
        #expect(Array(close.prefix(4)) == [0x88, 124, 0x03, 0xE9])
    }

    @Test func maskedFramesFragmentsAndControlFramesBetweenThem() {
        // The RFC's masked "Hello" (5.7), then "Hel" + ping + "lo" as fragments, a pong and a close with a reason.
        let masked: [UInt8] = [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
        let bytes =
            masked + Self.clientFrame(1, Array("Hel".utf8), fin: false) + Self.clientFrame(9, [1, 2])
            + Self.clientFrame(0, Array("lo".utf8)) + Self.clientFrame(2, [0, 255]) + Self.clientFrame(0xA, [])
            + Self.clientFrame(8, [0x03, 0xE8] + Array("bye".utf8))
        #expect(
            Self.read(bytes)
                == .success([
                    .message(.text("Hello")), .ping([1, 2]), .message(.text("Hello")), .message(.binary([0, 255])), .pong([]),
                    .close(.normal, "bye"),
                ]))
        #expect(Self.read(Self.clientFrame(8, [])) == .success([.close(nil, "")]))
    }

    @Test(arguments: [
        // Unmasked client frame, reserved bits, a reserved opcode.
        (clientFrame(1, Array("hi".utf8), masked: false), WebSocketCloseCode.protocolError),
        ([0xC1, 0x80, 0, 0, 0, 0], .protocolError),
        (clientFrame(3, []), .protocolError),
        // A continuation with nothing to continue, a new message inside a fragmented one.
        (clientFrame(0, [1]), .protocolError),
        (clientFrame(1, [0x61], fin: false) + clientFrame(1, [0x62]), .protocolError),
        // Control frames: fragmented, over 125 bytes, a 1-byte close, a reserved close code.
        (clientFrame(9, [], fin: false), .protocolError),
        (clientFrame(9, [UInt8](repeating: 0, count: 126)), .protocolError),
        (clientFrame(8, [3]), .protocolError),
        (clientFrame(8, [0x03, 0xED]), .protocolError),
        // A length of 2^63 is refused from its header, before any payload is kept.
        ([0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0], .protocolError),
        ([0x82, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .messageTooBig),
        // Invalid UTF-8 in a text message (and across fragments), and in a close reason.
        (clientFrame(1, [0xC3, 0x28]), .invalidPayload),
        (clientFrame(1, [0xE2, 0x82], fin: false) + clientFrame(0, [0x41]), .invalidPayload),
        (clientFrame(8, [0x03, 0xE8, 0xFF]), .invalidPayload),
    ])
    func hostileFramesEndInTheirCloseCode(bytes: [UInt8], code: WebSocketCloseCode) {
        guard case .failure(let failure) = Self.read(bytes) else {
            Issue.record("\(bytes) was read without a failure")
            return
        }
        #expect(failure.code == code, "\(failure.reason)")
    }

    @Test func aMessageOverTheBoundIsRefusedAcrossFragments() {
        let fragments = Self.clientFrame(2, [UInt8](repeating: 1, count: 6), fin: false) + Self.clientFrame(0, [UInt8](repeating: 1, count: 5))
        #expect(Self.read(fragments, max: 10).map(\.count) == .failure(WebSocketFailure(code: .messageTooBig, reason: "a message over 10 bytes")))
        #expect(Self.read(fragments, max: 11) == .success([.message(.binary([UInt8](repeating: 1, count: 11)))]))
    }
}
