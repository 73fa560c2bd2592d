import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyOpenAPI

/// A route's `websocket:`, read with every problem located.
extension ScenarioReader {
    static let webSocketKeys = ["on_open", "on_message", "close"]
    static let webSocketRuleKeys = ["match", "reply"]
    static let webSocketFrameKeys = ["text", "json", "binary", "echo", "delay"]
    static let webSocketCloseKeys = ["after", "after_messages", "code", "reason"]

    mutating func webSocket(_ node: YAMLNode, at keyPath: String) -> WebSocketBehavior? {
        guard let block = mapping(node, keyPath) else { return nil }
        checkKeys(block, allowed: Self.webSocketKeys, at: keyPath)
        var behavior = WebSocketBehavior()
        var budget = (frames: 0, bytes: 0)
        if let node = block["on_open"] { behavior.onOpen = frames(node, at: keyPath + ".on_open", echo: false, budget: &budget) }
        if let node = block["on_message"] {
            if case .sequence(let items) = node {
                for (index, item) in items.enumerated() {
                    let path = "\(keyPath).on_message[\(index)]"
                    guard let rule = mapping(item, path) else { continue }
                    checkKeys(rule, allowed: Self.webSocketRuleKeys, at: path)
                    let match = rule["match"].flatMap { bodyPattern($0, path + ".match") }
                    let reply = rule["reply"].map { frames($0, at: path + ".reply", echo: true, budget: &budget) } ?? []
                    behavior.onMessage.append(WebSocketBehavior.Rule(match: match, reply: reply))
                }
            } else {
                problem(node, keyPath + ".on_message", "expected a list such as [{match: {json: {type: ping}}, reply: [{json: {type: pong}}]}]")
            }
        }
        if let node = block["close"], let close = mapping(node, keyPath + ".close") {
            checkKeys(close, allowed: Self.webSocketCloseKeys, at: keyPath + ".close")
            let after = close["after"].flatMap { milliseconds($0, keyPath + ".close.after") }
            var afterMessages: Int?
            if let node = close["after_messages"] {
                if let count = integer(node, keyPath + ".close.after_messages"), (1...WebSocketBehavior.maxFrames).contains(count) {
                    afterMessages = count
                } else {
                    problem(node, keyPath + ".close.after_messages", "expected a count of messages from 1 to \(WebSocketBehavior.maxFrames)")
                }
            }
            if close["after"] != nil, close["after_messages"] != nil {
                problem(node, keyPath + ".close", "a close comes after a time or after a count of messages: give after or after_messages, not both")
            }
            var code = WebSocketCloseCode.normal
            if let node = close["code"], let number = integer(node, keyPath + ".close.code") {
                let candidate = WebSocketCloseCode(rawValue: UInt16(clamping: max(0, number)))
                if (0...Int(UInt16.max)).contains(number), candidate.isSendable {
                    code = candidate
                } else {
                    problem(node, keyPath + ".close.code", "expected a close code a server may send: 1000-1003, 1007-1014 or 3000-4999")
                }
            }
            let reason = close["reason"].flatMap { string($0, keyPath + ".close.reason") } ?? ""
            if reason.utf8.count > 123 { problem(close["reason"]!, keyPath + ".close.reason", "longer than a close frame's 123 bytes") }
            behavior.close = WebSocketBehavior.Close(
                after: after ?? (afterMessages == nil ? 0 : nil), afterMessages: afterMessages, code: code, reason: reason)
        }
        return behavior
    }

    private mutating func frames(
        _ node: YAMLNode, at keyPath: String, echo: Bool, budget: inout (frames: Int, bytes: Int)
    )
        -> [WebSocketBehavior.Frame]
    {
        guard case .sequence(let items) = node else {
            problem(node, keyPath, "expected a list of frames such as [{text: hello}, {json: {type: hello}}]")
            return []
        }
        var frames: [WebSocketBehavior.Frame] = []
        for (index, item) in items.enumerated() {
            let path = "\(keyPath)[\(index)]"
            guard let block = mapping(item, path) else { continue }
            checkKeys(block, allowed: Self.webSocketFrameKeys, at: path)
            let kinds = ["text", "json", "binary", "echo"].filter { block[$0] != nil }
            guard kinds.count == 1 else {
                problem(
                    item, path,
                    kinds.isEmpty
                        ? "a frame needs one of text, json, binary\(echo ? " or echo" : "")"
                        : "a frame is one of \(kinds.joined(separator: ", ")), not several")
                continue
            }
            let delay = block["delay"].flatMap { milliseconds($0, path + ".delay") } ?? 0
            var content: WebSocketBehavior.Frame.Content?
            switch kinds[0] {
            case "text": content = string(block["text"]!, path + ".text").map { .text($0) }
            case "json": content = .text(JSONValue(node: block["json"]!).jsonText)
            case "binary":
                if let text = string(block["binary"]!, path + ".binary") {
                    if let bytes = WebSocketHandshake.base64Decoded(text) {
                        content = .binary(bytes)
                    } else {
                        problem(block["binary"]!, path + ".binary", "expected base64")
                    }
                }
            default:
                if !echo {
                    problem(item, path + ".echo", "echo sends back the client's message: it belongs in on_message's replies")
                } else if let on = bool(block["echo"]!, path + ".echo") {
                    if on { content = .echo } else { problem(block["echo"]!, path + ".echo", "echo: false sends nothing; leave the frame out") }
                }
            }
            guard let content else { continue }
            let frame = WebSocketBehavior.Frame(content, delay: delay)
            budget.frames += 1
            budget.bytes += frame.cost
            guard budget.frames <= WebSocketBehavior.maxFrames, budget.bytes <= WebSocketBehavior.maxBytes else {
                problem(
                    item, path,
                    "the frames add up to more than \(WebSocketBehavior.maxFrames) or \(WebSocketBehavior.maxBytes >> 20) MiB (the bound on one route)"
                )
                return frames
            }
            frames.append(frame)
        }
        return frames
    }
}
