package import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments

/// SWAPI, artic and catfact over the datasets scenarios name: what every server serves them with.
extension APIServices {
    package static let builtin = APIServices(
        empty: { api in
            switch api {
            case .swapi: SWAPIService(dataset: .empty)
            case .artic: ArticService(artworks: [])
            case .catfact: CatFactService(dataset: .empty)
            }
        },
        load: { api, url, displayName, lazily throws(FileProblems) in
            switch api {
            case .swapi:
                lazily
                    ? SWAPIService(folder: url, displayName: displayName)
                    : SWAPIService(dataset: try SWAPIDataset.load(folder: url, displayName: displayName))
            case .artic:
                lazily
                    ? ArticService(file: url, displayName: displayName)
                    : ArticService(artworks: try ArticService.load(file: url, displayName: displayName))
            case .catfact: CatFactService(dataset: try CatFactDataset.load(folder: url, displayName: displayName))
            }
        })
}
