# Sourced by scripts/remote-tests.sh and scripts/consumer-tests.sh: starts `understudy serve --port 0` in the
# background and waits until it says where it listens.
#   start_understudy LABEL BINARY LOGDIR [serve arguments…]
# Sets `server` (its pid) and `url` (http://127.0.0.1:PORT, https:// with --tls); its stdout and stderr go to LOGDIR. The caller stops it.
start_understudy() {
    local label=$1 binary=$2 logs=$3
    shift 3
    "$binary" serve --port 0 --log-level warning "$@" >"$logs/stdout" 2>"$logs/stderr" &
    server=$!
    for _ in $(seq 1 200); do
        grep -q '^understudy listening on ' "$logs/stdout" 2>/dev/null && break
        kill -0 "$server" 2>/dev/null || { echo "$label: the server exited:" >&2; cat "$logs/stderr" >&2; exit 1; }
        sleep 0.05
    done
    # With --tls the line goes on (`… and http://… (same port); CA …`): its first URL is the https one.
    url=$(sed -n 's/^understudy listening on \(https\{0,1\}:[^ ]*\).*$/\1/p' "$logs/stdout" | head -1)
    [ -n "$url" ] || { echo "$label: the server did not say where it listens" >&2; cat "$logs/stderr" >&2; exit 1; }
    echo "$label: understudy serve at $url (pid $server)"
}
