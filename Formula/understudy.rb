# Homebrew formula for Understudy, from a checkout: `brew install --HEAD ./Formula/understudy.rb` builds the
# checkout's committed `main` (the `head` below is this folder's repository), installs `understudy`, its two helpers
# and the bundled scenarios, and `brew test understudy` serves them. The same layout as `make install`.
class Understudy < Formula
  desc "Local staging backend for Swift apps: real HTTP, scenario files, faults on demand"
  homepage "file://#{File.expand_path("..", __dir__)}"
  license "Apache-2.0"
  head "file://#{File.expand_path("..", __dir__)}", branch: "main", using: :git

  depends_on "pkgconf" => :build
  depends_on "gnutls"
  depends_on "hiredis"
  depends_on "libmicrohttpd"
  depends_on "libyaml"

  on_macos do
    depends_on xcode: ["26.0", :build] # Swift 6.2 or later
  end

  on_linux do
    depends_on "swift" => :build
  end

  def install
    products = %w[understudy understudy-upstream understudy-openapi-gate]
    products.each do |product|
      system "swift", "build", "--disable-sandbox", "-c", "release", "--product", product
    end
    # The helpers must sit beside `understudy`, which runs them from its own folder.
    products.each { |product| bin.install ".build/release/#{product}" }
    # `serve` without --scenarios and without ./scenarios reads PREFIX/share/understudy/scenarios.
    (share/"understudy").install "scenarios"
    doc.install "LICENSE", "README.md", "CHANGELOG.md"
  end

  test do
    assert_match version.to_s.split("-").first, shell_output("#{bin}/understudy --version") if build.stable?
    port = free_port
    pid = spawn bin/"understudy", "serve", "--port", port.to_s
    begin
      sleep 2
      assert_match '"status":"ok"', shell_output("curl -s http://127.0.0.1:#{port}/__admin/health")
      assert_match '"count":', shell_output("curl -s http://127.0.0.1:#{port}/swapi/api/films/")
    ensure
      Process.kill("TERM", pid)
      Process.wait(pid)
    end
  end
end
