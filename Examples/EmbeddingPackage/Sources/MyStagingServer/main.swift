import Dispatch
import Foundation
import MyStaging
import Understudy

// `swift run MyStagingServer [PORT]`: serves until killed.
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8080
let server = try UnderstudyServer(configuration: Staging.configuration(port: port))
try server.start()
print("MyStaging on \(server.baseURL)")
dispatchMain()
