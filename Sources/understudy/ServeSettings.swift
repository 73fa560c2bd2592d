import ArgumentParser

/// `serve`'s settings, each defined once here: its flag, its `UNDERSTUDY_*` variable, its default and what it does.
/// The flags' help (`understudy serve --help`) is made from this table, `serve` reads the variables through it, and
/// docs/command-line.md's table of settings is compared with `--help` by a test (`CommandLineTests`), so the three
/// cannot drift apart. A flag wins over its variable, the variable over the default.
enum Setting: CaseIterable {
    case host, port, scenarios, scenario, threads, connectionLimit, connectionTimeout, maxDelay, journalSize, sessionTTL, sessionLimit
    case adminToken, adminPort, allowedHost, allowRemoteAdmin, watch, logLevel
    case openapi, openapiLenient, validateRequests
    case redis, replicaName, peers
    case tls, tlsDir, tlsName, tlsCert, tlsKey

    /// The flag's long name, without `--`.
    var flag: String {
        switch self {
        case .host: "host"
        case .port: "port"
        case .scenarios: "scenarios"
        case .scenario: "scenario"
        case .threads: "threads"
        case .connectionLimit: "connection-limit"
        case .connectionTimeout: "connection-timeout"
        case .maxDelay: "max-delay"
        case .journalSize: "journal-size"
        case .sessionTTL: "session-ttl"
        case .sessionLimit: "session-limit"
        case .adminToken: "admin-token"
        case .adminPort: "admin-port"
        case .allowedHost: "allowed-host"
        case .allowRemoteAdmin: "allow-remote-admin"
        case .watch: "watch"
        case .logLevel: "log-level"
        case .openapi: "openapi"
        case .openapiLenient: "openapi-lenient"
        case .validateRequests: "validate-requests"
        case .redis: "redis"
        case .replicaName: "replica-name"
        case .peers: "peers"
        case .tls: "tls"
        case .tlsDir: "tls-dir"
        case .tlsName: "tls-name"
        case .tlsCert: "tls-cert"
        case .tlsKey: "tls-key"
        }
    }

    /// Every setting by its flag's long name.
    static let byFlag = Dictionary(uniqueKeysWithValues: allCases.map { ($0.flag, $0) })

    /// A switch takes no value: present is on.
    var isSwitch: Bool { [.allowRemoteAdmin, .watch, .tls, .openapiLenient].contains(self) }

    /// The environment variable.
    var variable: String {
        switch self {
        case .allowedHost: "UNDERSTUDY_ALLOWED_HOSTS"
        case .tlsName: "UNDERSTUDY_TLS_NAMES"
        default: "UNDERSTUDY_" + flag.uppercased().replacing("-", with: "_")
        }
    }

    /// The default, as the help and the docs say it; nil where there is none (the setting is off or empty).
    var defaultText: String? {
        switch self {
        case .host: "127.0.0.1"
        case .port: "8080"
        case .scenarios: "./scenarios when it exists, else the bundled scenarios"
        case .scenario: "happy"
        case .threads: "the number of cores"
        case .connectionLimit: "4096"
        case .connectionTimeout: "60"
        case .maxDelay: "120000"
        case .journalSize: "1000"
        case .sessionTTL: "3600"
        case .sessionLimit: "10000"
        case .logLevel: "info"
        case .validateRequests: "off"
        case .tlsDir: "a per-user data folder"
        default: nil
        }
    }

    /// What it does, for `--help` and the docs.
    var summary: String {
        switch self {
        case .host: "Address to bind."
        case .port: "Port to bind; 0 picks a free one."
        case .scenarios: "Scenarios folder."
        case .scenario: "Scenario active at start."
        case .threads: "Worker threads."
        case .connectionLimit: "Most simultaneous connections, delayed ones included."
        case .connectionTimeout: "Seconds before an idle connection is closed."
        case .maxDelay: "Cap on any delay in milliseconds; also how long a 'timeout' fault holds a connection."
        case .journalSize: "Requests kept in the journal (GET /__admin/requests), in total; 0 turns it off."
        case .sessionTTL: "Seconds a session may go unused before it expires; 0: never."
        case .sessionLimit: "Most sessions at once; creating more is refused until some expire."
        case .adminToken: "Require 'Authorization: Bearer TOKEN' on every admin call."
        case .adminPort: "Also serve the admin API alone on this port, out of reach of API traffic."
        case .allowedHost:
            "Another Host name the admin API answers on a loopback bind, besides localhost and loopback addresses; repeatable."
        case .allowRemoteAdmin: "Serve the admin API on a non-loopback host without a token."
        case .watch: "Reload the scenarios when their files change."
        case .logLevel: "trace, debug, info (one access line per request), warning, error."
        case .openapi: "Serve an OpenAPI document's operations under /NAME; repeatable."
        case .openapiLenient: "Serve OpenAPI documents that OpenAPIKit refuses, its problems as warnings."
        case .validateRequests: "Check requests to the OpenAPI documents against them: off, report or enforce."
        case .redis: "Share the state with other replicas through Redis: redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]."
        case .replicaName: "This replica's name, sent on every response as X-Understudy-Replica."
        case .peers:
            "The replicas a global journal read asks, this one included: HOST:PORT items, a DNS name resolved on each read (a headless Service)."
        case .tls: "Answer https:// as well as http:// on the same port."
        case .tlsDir: "Folder of the development CA and certificate."
        case .tlsName: "Another name or address the certificate must carry; repeatable."
        case .tlsCert: "A certificate (PEM, chain allowed) to use instead of the development CA's."
        case .tlsKey: "The private key (PEM) of --tls-cert."
        }
    }

    /// How the variable is written when it is not one value: a switch, or a list.
    private var variableForm: String {
        switch self {
        case .allowRemoteAdmin, .watch, .tls, .openapiLenient: "=1"
        case .allowedHost, .tlsName, .peers: ", comma-separated"
        case .openapi: ", NAME=FILE pairs separated by commas"
        default: ""
        }
    }

    /// `--help`'s text: the summary, then the variable and the default in parentheses.
    var helpText: String {
        summary + " (\(variable)\(variableForm)" + (defaultText.map { ", default \($0)" } ?? "") + ")"
    }

    var help: ArgumentHelp { ArgumentHelp(helpText) }

    func help(valueName: String) -> ArgumentHelp { ArgumentHelp(helpText, valueName: valueName) }

    /// The variable's value; nil when it is unset or empty.
    var string: String? { Environment.string(variable) }

    /// The variable as a whole number; nil when unset, an error naming it when it is not a number.
    func int() throws -> Int? { try Environment.int(variable) }

    /// The variable as a switch: on for 1, true, yes or on.
    var isOn: Bool { Environment.flag(variable) }

    /// The variable as a comma-separated list, spaces dropped; nil when unset.
    var list: [String]? { string?.split(separator: ",").map { String($0.filter { $0 != " " }) } }
}
