package import UnderstudyDocuments

/// A scenario file's `resources:` entry: a collection whose writes change what later reads answer
/// (`/myapi/todos`, its items at `/myapi/todos/:id`), as written and checked, seed included.
package struct ResourceDefinition: Sendable {
    /// The collection's path (`/myapi/todos`); items are one segment below it.
    package var path: String
    /// The key of an item that holds its id.
    package var idKey = "id"
    package var ids = IDKind.integer
    /// The items every copy starts from (the seed file's array, or the inline list).
    package var seed: [JSONValue] = []
    /// `seed: FILE`: a JSON file of the scenarios folder holding the array, read by the loader into ``seed``.
    package var seedFile: String?
    package var paging = Paging()
    /// The query keys that filter a list; nil: any key. A document's collection filters by its items' keys only,
    /// so its other query parameters (`limit`, `sort`) do not empty the list.
    package var filterKeys: Set<String>?
    /// Where the entry is written: problems name it, and two files defining one path are told apart.
    package var file: String
    package var line: Int?

    package init(path: String, file: String, line: Int?) {
        self.path = path
        self.file = file
        self.line = line
    }

    /// How a POST without an id gets one.
    package enum IDKind: String, Sendable, CaseIterable {
        /// The largest integer id of the copy, plus one (1 for an empty copy).
        case integer
        /// A random UUID, lowercase as most APIs write it.
        case uuid
    }

    /// How a list answers: all at once, or a page at a time in the style the API uses, inside the envelope the
    /// scenario writes (a bare array without one).
    package struct Paging: Sendable {
        package enum Style: String, Sendable, CaseIterable {
            /// `?page=2&per_page=20`, pages counted from 1.
            case page
            /// `?offset=40&limit=20`.
            case offset
            /// `?cursor=…&limit=20`: an opaque token naming the last item of the page before.
            case cursor
            /// Every matching item in one answer.
            case none
        }

        package var style = Style.none
        /// Items in a page when the request asks for no size.
        package var size = 20
        /// The most items a request may ask for in one page.
        package var maxSize = 100
        /// The query parameter naming the page (`page`, `offset` or `cursor` unless the file says).
        package var parameter: String?
        /// The query parameter naming the size (`per_page` for pages, `limit` otherwise, unless the file says).
        package var sizeParameter: String?
        /// The list's body around the items: whole-string placeholders (`"{{items}}"`, `"{{total}}"`,
        /// `"{{next}}"`…) filled as values; nil: the items as a bare array.
        package var envelope: JSONValue?

        package init() {}

        package var pageParameter: String {
            parameter
                ?? {
                    switch style {
                    case .page, .none: "page"
                    case .offset: "offset"
                    case .cursor: "cursor"
                    }
                }()
        }

        package var limitParameter: String { sizeParameter ?? (style == .page ? "per_page" : "limit") }

        /// The placeholders an envelope may hold, each a whole string value.
        package static let envelopePlaceholders = ["items", "total", "next", "previous", "next_cursor", "page", "offset", "limit"]
    }
}
