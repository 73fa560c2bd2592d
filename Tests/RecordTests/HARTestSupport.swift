import Foundation
import UnderstudyTestSupport

/// The HAR fixtures (Fixtures/har/, written once by make-fixtures.py in each exporter's shape), found by #filePath.
enum HARFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/har")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appendingPathComponent(name))) }

    /// Every secret string the fixtures hold; no file an import writes may contain one (without --keep-secrets).
    static let secrets = [
        // chrome.har
        "chr-bearer-7f3a9c2e5b1d", "chr-cookie-51ab9e0c", "chr-query-token-0d9e8f", "chr-password-hunter22", "chr-access-4c2b8a1f9e",
        "chr-refresh-83d1e6a0b7", "chr-setcookie-2f4e6a8c",
        // firefox.har
        "ffx-apikey-77aa11bb", "ffx-password-correcthorse", "ffx-cookie-c0ffee42",
        // safari.har: the Basic credentials as sent (base64 of ada:saf-basic-pass-31)
        "YWRhOnNhZi1iYXNpYy1wYXNzLTMx", "saf-client-secret-5e6f", "saf-id-token-a1b2c3d4",
        // proxyman.har
        "pxm-apikey-9911aa", "pxm-access-77e1d2c3", "pxm-client-secret-4411", "pxm-password-swordfish",
        // graphql.har: a sign-in mutation's variables and the token it answered
        "gql-password-wrong-1", "gql-password-right-2", "gql-token-9f8e7d6c",
    ]
}

/// One `understudy import har` run of the built binary into a fresh scenarios folder.
struct HARImportRun {
    let folder: URL
    let status: Int32
    let stdout: String
    let stderr: String

    /// `arguments` come after `--into`; the scenario is `folder/NAME.yaml`.
    static func run(_ file: String, name: String = "imported", folder: URL? = nil, _ arguments: [String]) throws -> HARImportRun {
        let folder = try folder ?? temporaryFolder("har")
        let into = folder.appendingPathComponent("\(name).yaml").path
        let run = try UnderstudyProcess(["import", "har", file, "--into", into] + arguments).finishWithOutput()
        return HARImportRun(folder: folder, status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    func text(_ relative: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path) }

    /// Every regular file under the folder, as paths relative to it.
    var files: [String] {
        let root = folder.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    /// `understudy validate` on the folder.
    func validate() throws -> (status: Int32, stderr: String) {
        let run = try UnderstudyProcess(["validate", folder.path]).finishWithOutput()
        return (run.status, run.stderr + run.stdout)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// JSON text parsed for comparing: objects as dictionaries (key order aside), numbers as NSNumber.
func jsonObject(_ text: String) -> NSObject? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? NSObject
}
