import Understudy
package import UnderstudyDocuments
import UnderstudyStaging

/// What a JSON value must look like: the project's own statement of the real
/// APIs' shapes (key order, types, nulls), checked against live responses.
package indirect enum Shape: Sendable {
    case string
    case int
    case number
    case bool
    case null
    /// A string URL on the server that answered.
    case link
    /// `2014-12-10T14:23:31.880000Z`
    case swapiTimestamp
    case nullable(Shape)
    case array(Shape)
    case object([(String, Shape)])
    /// An object whose keys may be any, checked only for being an object.
    case anyObject
    case any

    /// Problems found, as `path: message` lines; empty when the value fits.
    package func check(_ value: JSONValue, base: String, path: String = "$") -> [String] {
        switch (self, value) {
        case (.any, _): return []
        case (.nullable, .null): return []
        case (.nullable(let inner), _): return inner.check(value, base: base, path: path)
        case (.string, .string), (.int, .number), (.number, .number), (.bool, .bool), (.null, .null), (.anyObject, .object):
            if case .int = self, case .number(let text) = value, Int(text) == nil { return ["\(path): expected an integer, got \(text)"] }
            return []
        case (.link, .string(let text)):
            return text.hasPrefix(base + "/") ? [] : ["\(path): expected a link on \(base), got \(text)"]
        case (.swapiTimestamp, .string(let text)):
            return text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z/) != nil ? [] : ["\(path): bad timestamp \(text)"]
        case (.array(let element), .array(let items)):
            return items.enumerated().flatMap { element.check($0.element, base: base, path: "\(path)[\($0.offset)]") }
        case (.object(let fields), .object(let members)):
            let expected = fields.map(\.0)
            let actual = members.map(\.key)
            guard expected == actual else { return ["\(path): keys \(actual) differ from \(expected)"] }
            return zip(fields, members).flatMap { $0.0.1.check($0.1.value, base: base, path: "\(path).\($0.0.0)") }
        default:
            return ["\(path): expected \(self), got \(value.kindName)"]
        }
    }
}

/// The shapes, written from the real APIs' documented and captured payloads.
package enum Contracts {
    package static func strings(_ names: String...) -> [(String, Shape)] { names.map { ($0, .string) } }
    package static let tail: [(String, Shape)] = [("created", .swapiTimestamp), ("edited", .swapiTimestamp), ("url", .link)]

    package static let swapiRoot = Shape.object(["people", "planets", "films", "species", "vehicles", "starships"].map { ($0, .link) })
    package static let person = Shape.object(
        strings("name", "height", "mass", "hair_color", "skin_color", "eye_color", "birth_year", "gender")
            + [("homeworld", .link), ("films", .array(.link)), ("species", .array(.link)), ("vehicles", .array(.link)), ("starships", .array(.link))]
            + tail)
    package static let planet = Shape.object(
        strings("name", "rotation_period", "orbital_period", "diameter", "climate", "gravity", "terrain", "surface_water", "population")
            + [("residents", .array(.link)), ("films", .array(.link))] + tail)
    package static let film = Shape.object(
        [
            ("title", .string), ("episode_id", .int), ("opening_crawl", .string), ("director", .string), ("producer", .string),
            ("release_date", .string), ("characters", .array(.link)), ("planets", .array(.link)), ("starships", .array(.link)),
            ("vehicles", .array(.link)), ("species", .array(.link)),
        ] + tail)
    package static let species = Shape.object(
        strings("name", "classification", "designation", "average_height", "skin_colors", "hair_colors", "eye_colors", "average_lifespan")
            + [("homeworld", .nullable(.link)), ("language", .string), ("people", .array(.link)), ("films", .array(.link))] + tail)
    package static let starship = Shape.object(
        strings(
            "name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
            "cargo_capacity", "consumables", "hyperdrive_rating", "MGLT", "starship_class") + [("pilots", .array(.link)), ("films", .array(.link))]
            + tail)
    package static let vehicle = Shape.object(
        strings(
            "name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
            "cargo_capacity", "consumables", "vehicle_class") + [("pilots", .array(.link)), ("films", .array(.link))] + tail)
    package static func swapiList(_ item: Shape) -> Shape {
        .object([("count", .int), ("next", .nullable(.link)), ("previous", .nullable(.link)), ("results", .array(item))])
    }
    package static let swapiError = Shape.object([("detail", .string)])

    package static let thumbnail = Shape.object([("lqip", .string), ("width", .int), ("height", .int), ("alt_text", .nullable(.string))])
    /// Every field of an artwork, in the API's order.
    package static let artwork = Shape.object([
        ("id", .int), ("api_model", .string), ("api_link", .link), ("is_boosted", .bool), ("title", .string),
        ("alt_titles", .nullable(.array(.string))),
        ("thumbnail", .nullable(thumbnail)), ("main_reference_number", .string), ("has_not_been_viewed_much", .bool), ("boost_rank", .nullable(.int)),
        ("date_start", .nullable(.int)), ("date_end", .nullable(.int)), ("date_display", .nullable(.string)), ("date_qualifier_title", .string),
        ("date_qualifier_id", .nullable(.int)), ("artist_display", .nullable(.string)), ("place_of_origin", .nullable(.string)),
        ("description", .nullable(.string)), ("short_description", .nullable(.string)), ("dimensions", .nullable(.string)),
        ("dimensions_detail", .array(.anyObject)), ("medium_display", .nullable(.string)), ("inscriptions", .nullable(.string)),
        ("credit_line", .nullable(.string)), ("catalogue_display", .nullable(.string)), ("publication_history", .nullable(.string)),
        ("exhibition_history", .nullable(.string)), ("provenance_text", .nullable(.string)), ("edition", .nullable(.string)),
        ("publishing_verification_level", .string), ("internal_department_id", .int), ("fiscal_year", .nullable(.int)),
        ("fiscal_year_deaccession", .nullable(.int)), ("is_public_domain", .bool), ("is_zoomable", .bool), ("max_zoom_window_size", .int),
        ("copyright_notice", .nullable(.string)), ("has_multimedia_resources", .bool), ("has_educational_resources", .bool),
        ("has_advanced_imaging", .bool), ("colorfulness", .nullable(.number)),
        ("color", .nullable(.object([("h", .int), ("l", .int), ("s", .int), ("percentage", .number), ("population", .int)]))),
        ("latitude", .nullable(.number)), ("longitude", .nullable(.number)), ("latlon", .nullable(.string)), ("is_on_view", .bool),
        ("on_loan_display", .nullable(.string)), ("gallery_title", .nullable(.string)), ("gallery_id", .nullable(.int)),
        ("nomisma_id", .nullable(.string)),
        ("artwork_type_title", .string), ("artwork_type_id", .int), ("department_title", .string), ("department_id", .string),
        ("artist_id", .nullable(.int)), ("artist_title", .nullable(.string)), ("alt_artist_ids", .array(.int)), ("artist_ids", .array(.int)),
        ("artist_titles", .array(.string)), ("category_ids", .array(.string)), ("category_titles", .array(.string)), ("term_titles", .array(.string)),
        ("style_id", .nullable(.string)), ("style_title", .nullable(.string)), ("alt_style_ids", .array(.string)), ("style_ids", .array(.string)),
        ("style_titles", .array(.string)), ("classification_id", .nullable(.string)), ("classification_title", .nullable(.string)),
        ("alt_classification_ids", .array(.string)), ("classification_ids", .array(.string)), ("classification_titles", .array(.string)),
        ("subject_id", .nullable(.string)), ("alt_subject_ids", .array(.string)), ("subject_ids", .array(.string)),
        ("subject_titles", .array(.string)),
        ("material_id", .nullable(.string)), ("alt_material_ids", .array(.string)), ("material_ids", .array(.string)),
        ("material_titles", .array(.string)),
        ("technique_id", .nullable(.string)), ("alt_technique_ids", .array(.string)), ("technique_ids", .array(.string)),
        ("technique_titles", .array(.string)), ("theme_titles", .array(.string)), ("image_id", .nullable(.string)),
        ("alt_image_ids", .array(.string)),
        ("document_ids", .array(.string)), ("sound_ids", .array(.string)), ("video_ids", .array(.string)), ("text_ids", .array(.string)),
        ("section_ids", .array(.any)), ("section_titles", .array(.string)), ("site_ids", .array(.any)),
        ("suggest_autocomplete_all", .array(.anyObject)),
        ("source_updated_at", .string), ("updated_at", .string), ("timestamp", .string),
    ])
    package static let articInfo = Shape.object([("license_text", .string), ("license_links", .array(.string)), ("version", .string)])
    package static let articConfig = Shape.object([("iiif_url", .string), ("website_url", .string)])
    package static let articPaginationFirst = [
        ("total", Shape.int), ("limit", .int), ("offset", .int), ("total_pages", .int), ("current_page", .int),
    ]
    package static func articList(_ item: Shape, prev: Bool, next: Bool) -> Shape {
        .object([
            ("pagination", .object(articPaginationFirst + (prev ? [("prev_url", .link)] : []) + (next ? [("next_url", .link)] : []))),
            ("data", .array(item)), ("info", articInfo), ("config", articConfig),
        ])
    }
    package static let articDetail = Shape.object([("data", artwork), ("info", articInfo), ("config", articConfig)])
    package static let articSearch = Shape.object([
        ("preference", .null), ("pagination", .object(articPaginationFirst)),
        (
            "data",
            .array(
                .object([
                    ("_score", .number), ("id", .int), ("api_model", .string), ("api_link", .link), ("is_boosted", .bool),
                    ("title", .string), ("thumbnail", .nullable(thumbnail)), ("timestamp", .string),
                ]))
        ),
        ("info", articInfo), ("config", articConfig),
    ])
    package static let articError = Shape.object([("status", .int), ("error", .string), ("detail", .string)])

    package static let fact = Shape.object([("fact", .string), ("length", .int)])
    package static let breed = Shape.object(strings("breed", "country", "origin", "coat", "pattern"))
    package static func laravelPage(_ item: Shape) -> Shape {
        .object([
            ("current_page", .int), ("data", .array(item)), ("first_page_url", .link), ("from", .nullable(.int)), ("last_page", .int),
            ("last_page_url", .link), ("links", .array(.object([("url", .nullable(.link)), ("label", .string), ("active", .bool)]))),
            ("next_page_url", .nullable(.link)), ("path", .link), ("per_page", .int), ("prev_page_url", .nullable(.link)),
            ("to", .nullable(.int)), ("total", .int),
        ])
    }
}
