package import UnderstudyOpenAPI
import UnderstudyStaging

#if InProcessOpenAPI
import UnderstudyOpenAPIGate
#endif

extension OpenAPIGate {
    /// The gate an ``UnderstudyConfiguration`` starts with: OpenAPIKit in this process when the package trait
    /// `InProcessOpenAPI` is on (it links OpenAPIKit into `Understudy`), else in the `understudy-openapi-gate` helper,
    /// so a program or test target that serves no document never compiles OpenAPIKit (docs/products/Understudy.md).
    package static var standard: OpenAPIGate {
        #if InProcessOpenAPI
        .inProcess
        #else
        HelperOpenAPIGate.gate
        #endif
    }
}
