// A stand-in for XCTest's UI-testing classes, which exist only on Apple platforms: with it, the docs'
// UI-test snippet is type-checked on Linux too (all but these few members). Used by check-doc-snippets.sh.
#if !canImport(Darwin)
import Foundation

@MainActor
open class XCUIApplication {
    public init() {}
    public var launchEnvironment: [String: String] = [:]
    public var launchArguments: [String] = []
    public func launch() {}
    public var staticTexts: XCUIElementQuery { XCUIElementQuery() }
    public var buttons: XCUIElementQuery { XCUIElementQuery() }
}

@MainActor
public struct XCUIElementQuery {
    public subscript(_ identifier: String) -> XCUIElement { XCUIElement() }
}

@MainActor
public struct XCUIElement {
    public func waitForExistence(timeout: TimeInterval) -> Bool { true }
    public func tap() {}
}
#endif
