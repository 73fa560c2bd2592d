import Testing
import UnderstudyReplicas

/// hiredis's reader as the replicas use it, fed bytes directly: good replies, and a Redis (or
/// something posing as one) that answers garbage, stops mid-reply or sends too much.
@Suite struct RedisProtocolTests {
    private func read(_ text: String) throws -> RedisValue? {
        let reader = RedisReader()
        try reader.feed(Array(text.utf8))
        return try reader.next()
    }

    @Test func readsEveryKindOfReply() throws {
        #expect(try read("+OK\r\n") == .status("OK"))
        #expect(try read("-ERR wrong\r\n") == .error("ERR wrong"))
        #expect(try read(":42\r\n") == .integer(42))
        #expect(try read("$5\r\nhello\r\n") == .string(Array("hello".utf8)))
        #expect(try read("$-1\r\n") == .null)
        #expect(try read("*2\r\n$1\r\na\r\n:1\r\n") == .array([.string([97]), .integer(1)]))
        #expect(try read("*3\r\n$7\r\nmessage\r\n$18\r\nunderstudy:changes\r\n$1\r\ng\r\n")?.elements?.last?.text == "g")
    }

    @Test func anIncompleteReplyIsNotAReplyYet() throws {
        let reader = RedisReader()
        try reader.feed(Array("$11\r\nhel".utf8))
        #expect(try reader.next() == nil)
        try reader.feed(Array("lo worl".utf8))
        #expect(try reader.next() == nil)
        try reader.feed(Array("d\r\n".utf8))
        #expect(try reader.next() == .string(Array("hello world".utf8)))
    }

    @Test func garbageIsAnErrorNotACrash() {
        for garbage in ["hello\r\n", "?\r\n", ":12x\r\n", "\u{0}\u{1}\u{2}\r\n"] {
            #expect(throws: RedisError.self, "\(garbage.debugDescription)") {
                let reader = RedisReader()
                try reader.feed(Array(garbage.utf8))
                _ = try reader.next()
            }
        }
    }

    @Test func aHugeReplyIsRefusedWithinTheBound() throws {
        let reader = RedisReader()
        try reader.feed(Array("$1000000000\r\n".utf8))
        let chunk = [UInt8](repeating: 65, count: 1 << 20)
        let refused = #expect(throws: RedisError.self) {
            for _ in 0..<16 { try reader.feed(chunk) }
        }
        #expect(refused?.message.contains("bytes") == true)
    }

    @Test func tooManyElementsAreRefused() throws {
        let count = RedisLimits.maxElements + 1
        var text = "*\(count)\r\n"
        text += String(repeating: ":1\r\n", count: count)
        #expect(throws: RedisError.self) { _ = try read(text) }
    }

    @Test func integersAndTexts() {
        #expect(RedisValue.string(Array("17".utf8)).integer == 17)
        #expect(RedisValue.string([0xff, 0xfe]).text == nil)
        #expect(RedisValue.null.integer == nil)
    }
}
