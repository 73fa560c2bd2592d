import Testing

@testable import UnderstudyGraphQL
