/// The six SWAPI resources, in the order the root lists them.
package enum SWAPIResource: String, CaseIterable, Sendable {
    case people, planets, films, species, vehicles, starships

    package var path: String { "/swapi/api/\(rawValue)/" }
}
