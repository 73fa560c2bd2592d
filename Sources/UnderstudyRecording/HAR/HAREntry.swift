import UnderstudyDocuments

/// One `log.entries[i]` of a HAR file, as far as an import needs it, with every value type-checked where it was
/// read. What the exporters differ in is absorbed here: a missing `content`, `size: -1`, `text: null`, Firefox's
/// dates with a zone offset, Safari's empty `startedDateTime`, `postData` as `text` or as `params`.
struct HAREntry {
    var index: Int
    /// Where the entry is (`log.entries[3]`), for the notes and errors that name it.
    var path: String
    /// Milliseconds since 1970, when `startedDateTime` could be read.
    var started: Double?
    var method: String
    var url: String
    var requestHeaders: [(String, String)]
    var postData: PostData?
    var status: Int
    var responseHeaders: [(String, String)]
    var content: Content
    /// `response.redirectURL`; empty when none.
    var redirectURL: String
    /// `timings.wait`: the time to the first byte, in milliseconds; nil when missing or -1 (not measured).
    var wait: Double?
    /// Chrome's and Safari's `_error` (`net::ERR_ABORTED`), for the note of a failed entry.
    var error: String?

    struct PostData {
        var mimeType: String
        /// `text`, or `params` joined as a form body when there is no text.
        var text: String
        var field: HARField?
    }

    struct Content {
        var size: Double?
        var mimeType: String
        var text: String?
        var encoding: String?
        /// Where `text` is, so that a body that cannot be decoded is located.
        var field: HARField
    }

    init(_ field: HARField, index: Int) throws(HARImportError) {
        self.index = index
        path = field.path
        let request = try field.required("request")
        let response = try field.required("response")
        method = try request.required("method").string()
        url = try request.required("url").string()
        requestHeaders = try request.pairs("headers")
        if let post = try request.member("postData") {
            let params = try post.pairs("params")
            var text = try post.optionalString("text") ?? ""
            if let encoding = try post.optionalString("encoding"), encoding == "base64", let textField = try post.member("text") {
                // Some proxies (HAR 1.3's proposal) send a binary request body as base64.
                text = String(decoding: try HARBase64.decode(text, at: textField), as: UTF8.self)
            }
            if text.isEmpty, !params.isEmpty {
                text = params.map { HARForm.encode($0.0) + "=" + HARForm.encode($0.1) }.joined(separator: "&")
            }
            postData = PostData(mimeType: try post.optionalString("mimeType") ?? "", text: text, field: post)
        }
        // Firefox writes 0 for an aborted request, Chrome and Safari too; anything else must be an HTTP status.
        status = try response.required("status").integer(in: 0...999)
        responseHeaders = try response.pairs("headers")
        redirectURL = try response.optionalString("redirectURL") ?? ""
        error = try? response.optionalString("_error")
        let contentField =
            try response.member("content")
            ?? HARField(node: .mapping(.init([], mark: response.node.mark)), path: response.path + ".content", file: field.file)
        content = Content(
            size: try contentField.optionalNumber("size"),
            mimeType: try contentField.optionalString("mimeType") ?? "",
            text: try contentField.optionalString("text"),
            encoding: try contentField.optionalString("encoding"),
            field: contentField
        )
        if let date = try field.member("startedDateTime") {
            started = HARTimestamp.milliseconds(try date.string())
        }
        if let timings = try field.member("timings"), let value = try timings.optionalNumber("wait"), value >= 0 {
            wait = value
        }
        _ = try field.optionalNumber("time")
    }

    /// The first header named `name` (any case) of `headers`.
    static func header(_ name: String, in headers: [(String, String)]) -> String? {
        headers.first { $0.0.lowercased() == name }?.1
    }
}
