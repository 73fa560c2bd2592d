import Testing
import UnderstudyReplicas

@Suite struct RedisURLTests {
    @Test func readsTheFormsInUse() throws {
        #expect(try RedisURL(parsing: "redis://127.0.0.1") == RedisURL(host: "127.0.0.1"))
        #expect(try RedisURL(parsing: "redis://redis:6380/2") == RedisURL(host: "redis", port: 6380, database: 2))
        #expect(try RedisURL(parsing: "redis://:s%40cret@redis.svc") == RedisURL(host: "redis.svc", password: "s@cret"))
        #expect(try RedisURL(parsing: "redis://app:pw@[::1]:7000") == RedisURL(host: "::1", port: 7000, user: "app", password: "pw"))
    }

    @Test func neverShowsThePassword() throws {
        let url = try RedisURL(parsing: "redis://app:hunter2@redis:6379/1")
        #expect(!url.description.contains("hunter2"))
        let refused = #expect(throws: RedisError.self) { try RedisURL(parsing: "http://app:hunter2@redis") }
        #expect(refused?.message.contains("hunter2") == false)
    }

    @Test func refusesWhatItCannotUse() {
        for text in [
            "", "redis://", "redis://host:0", "redis://host:70000", "redis://host:port", "redis://host/db", "rediss://host",
            "redis://ho st", "redis://[::1", "redis://:%zz@host", "redis://:%+1@host", "redis://:%FF@host", String(repeating: "a", count: 5000),
        ] {
            #expect(throws: RedisError.self, "\(text.prefix(40))") { try RedisURL(parsing: text) }
        }
    }
}
