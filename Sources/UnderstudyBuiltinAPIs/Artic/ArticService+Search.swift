import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ArticService {
    /// A search: `q` scored by BM25 as artic's Elasticsearch query would be (see ``SimpleSearch``), `query` as Elasticsearch would filter and
    /// score it, both when both are given; then `sort`, else by score; then the page.
    func search(_ request: ArticSearchRequest, index: ArtworkIndex) -> APIResponse {
        // Elasticsearch-style `from`/`size` win over `page`/`limit`, as artic reads them.
        let limit = request.size ?? request.limit ?? 10
        if limit > Self.maxLimit || limit < 0 { return Self.invalidLimit }
        let offset: Int
        if let from = request.from {
            guard from >= 0 else {
                return ArticQueryError(type: "illegal_argument_exception", reason: "[from] parameter cannot be negative").response
            }
            offset = from
        } else {
            let page = request.page.flatMap { $0 >= 1 ? $0 : nil } ?? 1
            let (value, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
            if overflow { return Self.tooManyResults }
            offset = value
        }
        let (end, overflow) = offset.addingReportingOverflow(limit)
        if overflow || end > Self.maxResults { return Self.tooManyResults }

        // A blank or missing `q` matches everything (score 1), as a search without `q` does on artic;
        // otherwise only what the BM25 query matches.
        let q = request.q.flatMap { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : $0 }
        let textScores = q.map { SimpleSearch($0).scores(in: index.text) }
        var hits: [(index: Int, score: Double)] = []
        for position in index.artworks.indices {
            var score = 1.0
            if let textScores {
                guard let found = textScores[Int32(position)] else { continue }
                score = found
            }
            if let query = request.query {
                guard let extra = query.score(index.artworks[position]) else { continue }
                score = textScores == nil ? max(extra, 1) : score + extra
            }
            hits.append((position, score))
        }
        let sorts = request.sort.filter { $0.field != "_score" }
        if sorts.isEmpty {
            hits.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        } else {
            let artworks = index.artworks
            hits.sort { left, right in
                for sort in sorts {
                    if let ordered = ArticText.order(artworks[left.index], artworks[right.index], field: sort.field, descending: sort.descending) {
                        return ordered
                    }
                }
                return left.index < right.index
            }
        }

        let requested = request.fields
        let data: [JSONValue] = hits.dropFirst(offset).prefix(limit).map { hit in
            let artwork = index.artworks[hit.index]
            let selected = requested.map { Self.select($0, from: artwork) } ?? Self.select(Self.searchFields.joined(separator: ","), from: artwork)
            // Sorted on a field, Elasticsearch computes no score: `_score` is null.
            let score: JSONValue = sorts.isEmpty ? .number(hit.score.fixedPoint(digits: 5)) : .null
            return .object([.init("_score", score)] + (selected.members ?? []))
        }
        let totalPages = PageWindow.pageCount(hits.count, perPage: limit)
        let pagination: [JSONValue.Member] = [
            .init("total", .int(hits.count)), .init("limit", .int(limit)), .init("offset", .int(offset)),
            .init("total_pages", .int(totalPages)), .init("current_page", .int(limit > 0 ? offset / limit + 1 : 1)),
        ]
        return APIResponse(
            status: .ok,
            body: writer.template(
                .object([
                    .init("preference", .null), .init("pagination", .object(pagination)),
                    .init("data", .array(data)), .init("info", Self.info), .init("config", Self.config),
                ])))
    }
}
