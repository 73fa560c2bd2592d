import UnderstudyAPIService

/// The artwork fields `q` searches and their boosts, as artic's index declares them: the fields marked
/// `'default' => true` in data-aggregator's `app/Transformers/Outbound/Collections/Artwork.php` (with
/// `title` from `AbstractTransformer::getTitles`), read from the public repository, and the
/// `^boost` that `ElasticSearchable::getDefaultSearchFields` appends. `term_titles` has 1.2 while vector
/// search is on (the service's default, `aic.search.suppress_vector_search` false).
struct SearchField: Sendable {
    let name: String
    let boost: Double
    /// Searched by quoted phrases too; `'default' => 'except_exact'` fields are not.
    let exact: Bool

    static let all: [SearchField] = [
        SearchField(name: "title", boost: 1.5, exact: true),
        SearchField(name: "alt_titles", boost: 1, exact: true),
        SearchField(name: "main_reference_number", boost: 5, exact: true),
        SearchField(name: "date_display", boost: 1, exact: true),
        SearchField(name: "artist_display", boost: 1, exact: true),
        SearchField(name: "place_of_origin", boost: 1, exact: true),
        SearchField(name: "medium_display", boost: 1, exact: true),
        SearchField(name: "credit_line", boost: 1, exact: true),
        SearchField(name: "artist_titles", boost: 2.5, exact: true),
        SearchField(name: "category_titles", boost: 1, exact: false),
        SearchField(name: "term_titles", boost: 1.2, exact: false),
    ]
}
