import Testing
import Understudy
import UnderstudyReplicas
import UnderstudyStaging

/// How selections and change messages are stored in Redis, and that a stored value Understudy did
/// not write is refused whole rather than half-read.
@Suite struct SharedEncodingTests {
    @Test func aScenarioIsItsName() throws {
        #expect(SelectionCodec.encode(Selection("happy")) == "happy")
        let decoded = try SelectionCodec.decode("happy")
        #expect(decoded.steps == [.init(scenario: "happy", count: nil)])
        #expect(decoded.key == nil)
    }

    @Test func aSequenceKeepsItsStepsAndItsKey() throws {
        let steps: [Selection.Step] = [
            .init(scenario: "server-error", count: 10), .init(scenario: "a|b*c%d", count: 1), .init(scenario: "happy", count: nil),
        ]
        let text = "k-1|server-error*10|a%7Cb%2Ac%25d*1|happy"
        let decoded = try SelectionCodec.decode(text)
        #expect(decoded.steps == steps)
        #expect(decoded.key == "k-1")
    }

    @Test func malformedValuesAreRefused() {
        let bad = [
            "", "k|a*2", "k|a|b", "k|a*0|b", "k|a*-1|b", "k|a*x|b", "k|a*2|b*3", "bad key!|a*1|b", "k|*1|b", "k|a%zz*1|b",
            "k|a*1000000001|b", String(repeating: "x", count: SelectionCodec.maxBytes + 1),
            "k|" + String(repeating: "a*1|", count: SelectionCodec.maxSteps + 1) + "b",
        ]
        for text in bad {
            #expect(throws: RedisError.self, "\(text.prefix(40))") { try SelectionCodec.decode(text) }
        }
    }

    @Test func messages() {
        #expect(SharedKeys.Message("g") == .global)
        #expect(SharedKeys.Message("r") == .reset)
        #expect(SharedKeys.Message("s:run-1.a_b@17") == .session("run-1.a_b", version: 17))
        #expect(SharedKeys.Message.session("x", version: 3).text == "s:x@3")
        for text in ["", "s:", "s:a", "s:a@", "s:a@0", "s:a@x", "s:a@1@2", "s:a b@1", "s:" + String(repeating: "a", count: 129) + "@1", "x", "g2"] {
            #expect(SharedKeys.Message(text) == nil, "\(text)")
        }
    }
}
