package import UnderstudyAPIService

/// How a served item is built from one field of a dataset item.
package enum SWAPIField {
    /// Copied from the dataset as is.
    case value(String)
    /// A foreign key (id or null) served as a URL.
    case link(String, to: SWAPIResource)
    /// Ids served as URLs.
    case links(String, to: SWAPIResource)
    /// Computed: the ids of `from` items whose `via` field points at this item.
    case reverse(String, from: SWAPIResource, via: String)

    package var name: String {
        switch self {
        case .value(let name), .link(let name, _), .links(let name, _), .reverse(let name, _, _): name
        }
    }
}
