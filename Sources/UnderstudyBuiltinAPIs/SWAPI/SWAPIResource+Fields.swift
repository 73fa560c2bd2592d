package import UnderstudyAPIService

// What the SWAPI code knows of each resource: its fields and where `?search=` looks.
extension SWAPIResource {
    /// How a served item is built from a dataset item, in the serializer's key order.
    package var fields: [SWAPIField] { Self.fieldsByResource[self]! }

    /// Built once: loading, linking and rendering ask for a resource's fields for every item.
    private static let fieldsByResource = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.makeFields()) })

    private func makeFields() -> [SWAPIField] {
        switch self {
        case .people:
            Self.values("name", "height", "mass", "hair_color", "skin_color", "eye_color", "birth_year", "gender")
                + [
                    .link("homeworld", to: .planets),
                    .reverse("films", from: .films, via: "characters"),
                    .reverse("species", from: .species, via: "people"),
                    .reverse("vehicles", from: .vehicles, via: "pilots"),
                    .reverse("starships", from: .starships, via: "pilots"),
                ]
                + Self.values("created", "edited")
        case .planets:
            Self.values("name", "rotation_period", "orbital_period", "diameter", "climate", "gravity", "terrain", "surface_water", "population")
                + [.reverse("residents", from: .people, via: "homeworld"), .reverse("films", from: .films, via: "planets")]
                + Self.values("created", "edited")
        case .films:
            Self.values("title", "episode_id", "opening_crawl", "director", "producer", "release_date")
                + [
                    .links("characters", to: .people), .links("planets", to: .planets), .links("starships", to: .starships),
                    .links("vehicles", to: .vehicles), .links("species", to: .species),
                ]
                + Self.values("created", "edited")
        case .species:
            Self.values("name", "classification", "designation", "average_height", "skin_colors", "hair_colors", "eye_colors", "average_lifespan")
                + [
                    .link("homeworld", to: .planets), .value("language"), .links("people", to: .people),
                    .reverse("films", from: .films, via: "species"),
                ]
                + Self.values("created", "edited")
        case .starships:
            Self.values(
                "name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
                "cargo_capacity", "consumables", "hyperdrive_rating", "MGLT", "starship_class")
                + [.links("pilots", to: .people), .reverse("films", from: .films, via: "starships")]
                + Self.values("created", "edited")
        case .vehicles:
            Self.values(
                "name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
                "cargo_capacity", "consumables", "vehicle_class")
                + [.links("pilots", to: .people), .reverse("films", from: .films, via: "vehicles")]
                + Self.values("created", "edited")
        }
    }

    /// Fields `?search=` looks in.
    var searchFields: [String] {
        switch self {
        case .films: ["title"]
        case .starships, .vehicles: ["name", "model"]
        default: ["name"]
        }
    }

    private static func values(_ names: String...) -> [SWAPIField] { names.map { .value($0) } }
}
