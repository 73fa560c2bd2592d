/// `serve` starts more often than anything else Understudy does (a test suite's server, each replica, each CI job),
/// and swift-argument-parser finds its 27 property wrappers by runtime reflection: 22 of the 59 million instructions
/// of a start to the first answer here, more than loading the scenarios. Plain `serve` arguments — `--flag value`,
/// `--flag=value` and switches, each a ``Setting`` — are read here instead, from the same table; anything else (help,
/// a typo, a value that is not a number, another command) goes to swift-argument-parser, which says what is wrong.
extension ServeArguments {
    init?(fastParsing arguments: some Collection<String>) {
        self.init()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            let text = argument.dropFirst(2)
            let name = text.prefix { $0 != "=" }
            let inline = name.count < text.count ? String(text.dropFirst(name.count + 1)) : nil
            guard let setting = Setting.byFlag[String(name)] else { return nil }
            if setting.isSwitch {
                guard inline == nil, set(setting, switchedOn: true) else { return nil }
                continue
            }
            // A separate value that starts with `-` is left to the parser, which reads it as a flag (`--max-delay -1` is
            // its error; `--max-delay=-1` is a value).
            if inline == nil, rest.first?.hasPrefix("-") ?? true { return nil }
            guard let value = inline ?? rest.popFirst(), set(setting, to: value) else { return nil }
        }
    }

    /// Sets a switch; false for a setting that is not one.
    private mutating func set(_ setting: Setting, switchedOn: Bool) -> Bool {
        switch setting {
        case .allowRemoteAdmin: allowRemoteAdmin = switchedOn
        case .watch: watch = switchedOn
        case .openapiLenient: openapiLenient = switchedOn
        case .tls: tls.enabled = switchedOn
        default: return false
        }
        return true
    }

    /// Sets an option from its text as swift-argument-parser would; false when the text is not a value of its type.
    private mutating func set(_ setting: Setting, to value: String) -> Bool {
        func number(_ target: inout Int?) -> Bool {
            guard let parsed = Int(value) else { return false }
            target = parsed
            return true
        }
        switch setting {
        case .host: host = value
        case .port: return number(&port)
        case .scenarios: scenarios = value
        case .scenario: scenario = value
        case .threads: return number(&threads)
        case .connectionLimit: return number(&connectionLimit)
        case .connectionTimeout: return number(&connectionTimeout)
        case .maxDelay: return number(&maxDelay)
        case .journalSize: return number(&journalSize)
        case .sessionTTL: return number(&sessionTTL)
        case .sessionLimit: return number(&sessionLimit)
        case .adminToken: adminToken = value
        case .adminPort: return number(&adminPort)
        case .allowedHost: allowedHost.append(value)
        case .openapi: openapi.append(value)
        case .validateRequests: validateRequests = value
        case .redis: redis = value
        case .replicaName: replicaName = value
        case .peers: peers = value
        case .logLevel: logLevel = value
        case .tlsDir: tls.folder = value
        case .tlsName: tls.names.append(value)
        case .tlsCert: tls.certificateFile = value
        case .tlsKey: tls.keyFile = value
        case .allowRemoteAdmin, .watch, .tls, .openapiLenient: return false
        }
        return true
    }
}
