/// How much one OpenAPI document may cost to load and to serve. Every bound is on input a
/// hostile document controls, so none of them can be exhausted silently: each one hit is a
/// problem (loading) or a warning (synthesis).
package struct OpenAPILimits: Sendable {
    /// The main document and each file it refers to (a 300-operation vendor document is about 3 MB).
    package var fileBytes = 16 << 20
    /// Every file of one document together, each counted once.
    package var totalBytes = 64 << 20
    /// Files a document may refer to, the main one included: DigitalOcean's is 2,850 files. What one
    /// document may cost is bounded by ``totalBytes`` and ``nodes``, not by how it is split.
    package var files = 10_000
    /// Nodes (mappings, sequences, scalars) of the document with its external files copied in: what
    /// every later step walks. A 3 MB vendor document is about 200,000.
    package var nodes = 2_000_000
    /// The schemas one schema expands to through `$ref`, `allOf`, `anyOf`, `oneOf` and `not` (``SchemaBudget``):
    /// forty `allOf`s of the next schema twice are 2^40. The document's schemas together get 100 times this.
    package var schemaExpansion = 10_000
    /// `$ref`s that point at a `$ref` in turn, before the chain is called a cycle.
    package var referenceChain = 32
    /// How many times one schema may appear inside itself in a synthesised body: a tree of
    /// categories is shown two levels deep, then its optional children are left out.
    package var recursion = 2
    /// The serialised size of one synthesised body, in bytes (approximate while building).
    package var bodyBytes = 1 << 20
    /// Items made for one array: `minItems: 1000000` must not make a million.
    package var arrayItems = 64

    package init() {}
}
