import Foundation

/// Writes a large OpenAPI 3.0 document (about 3 MB, 300 operations) of the shape vendor documents
/// have: long descriptions, a shared base schema through `allOf`, enums, formats, shared error
/// responses by `$ref`, parameters, examples, and a circular schema (a folder tree). Generated
/// rather than committed: it is deterministic, and a vendor document under a licence that allows
/// committing it was not at hand.
enum LargeDocument {
    static let operations = 300

    static func text() -> String {
        let prose = String(
            repeating: "This field is described at length, as vendor documents do, with notes on paging, rate limits and errors. ", count: 25)
        var out = """
            openapi: 3.0.3
            info:
              title: Generated vendor API
              version: 2024-01-01
              description: |
                A generated document for load timing.
            servers:
              - url: https://api.vendor.example/v3
            paths:

            """
        let resources = operations / 3
        for index in 0..<resources {
            let name = "Resource\(index)"
            out += """
                  /resources\(index):
                    get:
                      operationId: list\(name)
                      summary: List \(name)
                      description: \(prose)
                      parameters:
                        - $ref: '#/components/parameters/Limit'
                        - name: filter
                          in: query
                          description: \(prose)
                          schema: {type: string, maxLength: 64}
                      responses:
                        '200':
                          description: A page of \(name)
                          headers:
                            X-Next:
                              schema: {type: string, format: uri}
                          content:
                            application/json:
                              schema:
                                type: object
                                required: [items]
                                properties:
                                  items:
                                    type: array
                                    items: {$ref: '#/components/schemas/\(name)'}
                                  next: {type: string, nullable: true}
                        '400': {$ref: '#/components/responses/BadRequest'}
                        default: {$ref: '#/components/responses/Problem'}
                    post:
                      operationId: create\(name)
                      description: \(prose)
                      requestBody:
                        content:
                          application/json:
                            schema: {$ref: '#/components/schemas/\(name)'}
                      responses:
                        '201':
                          description: Created
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/\(name)'}
                              example: {id: 'r-\(index)', kind: alpha, size: 3, created: '2024-01-01T00:00:00Z', folder: {name: root}}
                        default: {$ref: '#/components/responses/Problem'}
                  /resources\(index)/{id}:
                    get:
                      operationId: get\(name)
                      description: \(prose)
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: string}}
                      responses:
                        '200':
                          description: One \(name)
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/\(name)'}
                        '404': {$ref: '#/components/responses/Problem'}

                """
        }
        out += """
            components:
              parameters:
                Limit: {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 500, default: 50}}
              responses:
                BadRequest:
                  description: Bad request
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Problem'}
                Problem:
                  description: A problem
                  content:
                    application/problem+json:
                      schema: {$ref: '#/components/schemas/Problem'}
              schemas:
                Problem:
                  type: object
                  required: [type, title]
                  properties:
                    type: {type: string, format: uri}
                    title: {type: string}
                    status: {type: integer, minimum: 400, maximum: 599}
                Folder:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    parent: {$ref: '#/components/schemas/Folder'}
                    children:
                      type: array
                      items: {$ref: '#/components/schemas/Folder'}
                Base:
                  type: object
                  required: [id, created]
                  properties:
                    id: {type: string, pattern: '^r-[0-9]+$'}
                    created: {type: string, format: date-time}
                    folder: {$ref: '#/components/schemas/Folder'}

            """
        for index in 0..<resources {
            out += """
                    Resource\(index):
                      description: \(prose)
                      allOf:
                        - $ref: '#/components/schemas/Base'
                        - type: object
                          required: [kind]
                          properties:
                            kind: {type: string, enum: [alpha, beta, gamma]}
                            size: {type: integer, format: int32, minimum: 0, maximum: 1000}

                """
            for field in 0..<40 {
                out += """
                                field\(field):
                                  type: \(["string", "integer", "number", "boolean"][field % 4])
                                  description: \(prose.prefix(300))

                    """
            }
        }
        return out
    }
}
