#!/usr/bin/env bash
# `understudy serve --tls` end to end, checked by tools that share no code with it: openssl (the certificates,
# TLS versions), curl --cacert (every API and fault over https, http on the same port, the SNI fault hosts) and
# Python's ssl and plistlib (the profile, hostile handshakes), zbarimg (the profile's QR code). `make test` runs it; about 10 seconds.
# Usage: scripts/tls-tests.sh [BINARY]   (default .build/debug/understudy, as make test builds it)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-${UNDERSTUDY_BINARY:-.build/debug/understudy}}
[ -x "$binary" ] || { echo "tls-tests: no $binary (run swift build)" >&2; exit 1; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
for tool in openssl curl python3; do
    command -v "$tool" >/dev/null || { echo "tls-tests: $tool is not installed (scripts/install-deps.sh openssl curl python3); skipped" >&2; exit 0; }
done
work=$(mktemp -d)
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    [ -n "$server" ] && wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
check() { # check DESCRIPTION COMMAND…: runs the command, counts a failure
    local description=$1
    shift
    if "$@" >"$work/check.out" 2>&1; then echo "ok   $description"; else echo "FAIL $description"; sed 's/^/     /' "$work/check.out"; failures=$((failures + 1)); fi
}
. scripts/serve-in-background.sh
tls="$work/tls"
start_understudy tls-tests "$binary" "$work" --scenarios scenarios --tls --tls-dir "$tls" --tls-name staging.example.test \
    --connection-timeout 2
port=${url##*:}
first=$(head -1 "$work/stdout")

# The certificates, as openssl reads them.
check "first line: https URL and the CA's SHA-256" grep -qF "$(openssl x509 -in "$tls/ca.pem" -noout -fingerprint -sha256 | cut -d= -f2)" <<<"$first"
check "openssl verify -purpose sslserver" sh -c "openssl verify -CAfile '$tls/ca.pem' -purpose sslserver '$tls/leaf.pem' | grep -q ': OK'"
leaf=$(openssl x509 -in "$tls/leaf.pem" -noout -text)
for expected in DNS:localhost DNS:staging.example.test "IP Address:127.0.0.1" "IP Address:0:0:0:0:0:0:0:1" "TLS Web Server Authentication" \
    CA:FALSE ecdsa-with-SHA256 prime256v1; do
    check "leaf has $expected" grep -qF "$expected" <<<"$leaf"
done
check "leaf valid at most 825 days" python3 -c "
import subprocess, datetime
def date(flag): return datetime.datetime.strptime(subprocess.check_output(['openssl','x509','-in','$tls/leaf.pem','-noout',flag]).decode().split('=',1)[1].strip(), '%b %d %H:%M:%S %Y %Z')
assert (date('-enddate') - date('-startdate')).days <= 825"
check "CA: CA:TRUE, named development-only" sh -c "openssl x509 -in '$tls/ca.pem' -noout -text | grep -q 'CA:TRUE' && openssl x509 -in '$tls/ca.pem' -noout -subject | grep -q 'development only'"
check "private keys are mode 600" sh -c "[ \"\$(stat -c %a '$tls/ca-key.pem' 2>/dev/null || stat -f %Lp '$tls/ca-key.pem')\" = 600 ] && [ \"\$(stat -c %a '$tls/leaf-key.pem' 2>/dev/null || stat -f %Lp '$tls/leaf-key.pem')\" = 600 ]"

# TLS versions.
check "TLS 1.2 accepted" sh -c "echo | openssl s_client -connect 127.0.0.1:$port -tls1_2 -CAfile '$tls/ca.pem' -servername localhost 2>&1 | grep -q 'Verify return code: 0'"
check "TLS 1.3 accepted" sh -c "echo | openssl s_client -connect 127.0.0.1:$port -tls1_3 -CAfile '$tls/ca.pem' -servername localhost 2>&1 | grep -q 'TLSv1.3'"
check "ALPN http/1.1" sh -c "echo | openssl s_client -connect 127.0.0.1:$port -alpn h2,http/1.1 -servername localhost 2>&1 | grep -q 'ALPN protocol: http/1.1'"
check "TLS 1.1 refused" sh -c "echo | openssl s_client -connect 127.0.0.1:$port -tls1_1 -cipher 'DEFAULT@SECLEVEL=0' 2>&1 | grep -q 'Cipher is (NONE)'"

# Every API over https, links in https; the same port in http, links in http.
https="https://localhost:$port"
links() { # links SCHEME URL [curl options]: the body's links (slashes unescaped) point at SCHEME://localhost:PORT
    python3 -c "
import subprocess, sys
body = subprocess.check_output(['curl', '-sS', '-f', '--cacert', '$tls/ca.pem'] + sys.argv[3:] + [sys.argv[2]]).replace(b'\\\\/', b'/')
wanted, other = (sys.argv[1] + '://localhost:$port').encode(), (('http' if sys.argv[1] == 'https' else 'https') + '://localhost:$port').encode()
assert wanted in body and other not in body, body[:300]" "$@"
}
for path in /swapi/api/films/ "/artic/api/v1/artworks?limit=2" "/catfact/facts?limit=2"; do
    check "https $path: 200, links https" links https "$https$path"
done
check "http on the same port: links http" links http "http://localhost:$port/catfact/facts?limit=2"
check "https again after http (kept per scheme)" links https "$https/catfact/facts?limit=2"

# Every fault over https.
check "truncated-body: curl 18 (body cut)" sh -c "curl -sS --cacert '$tls/ca.pem' -H 'X-Understudy-Scenario: truncated-body' '$https/catfact/fact' -o /dev/null; [ \$? = 18 ]"
check "connection-reset: curl 56 (reset)" sh -c "curl -sS --cacert '$tls/ca.pem' -H 'X-Understudy-Scenario: connection-reset' '$https/catfact/fact' -o /dev/null; [ \$? = 56 ]"
check "timeout: held until the client gives up" sh -c "curl -sS --max-time 1 --cacert '$tls/ca.pem' -H 'X-Understudy-Scenario: timeout' '$https/catfact/fact' -o /dev/null; [ \$? = 28 ]"
check "delay (X-Understudy-Delay 300)" python3 -c "
import subprocess, time
t = time.time(); out = subprocess.check_output(['curl','-sS','--cacert','$tls/ca.pem','-H','X-Understudy-Scenario: delay','-H','X-Understudy-Delay: 300','$https/catfact/fact'])
assert time.time() - t >= 0.3 and b'fact' in out"
check "slow-body: whole body, dribbled" python3 -c "
import subprocess, time, json
t = time.time(); out = subprocess.check_output(['curl','-sS','--cacert','$tls/ca.pem','-H','X-Understudy-Scenario: slow-body','-H','X-Understudy-Delay: 500','$https/catfact/fact'])
assert time.time() - t >= 0.4, time.time() - t; json.loads(out)"
check "malformed-json: 200, not JSON" python3 -c "
import subprocess, json
out = subprocess.check_output(['curl','-sS','--cacert','$tls/ca.pem','-H','X-Understudy-Scenario: malformed-json','$https/catfact/fact'])
try: json.loads(out); raise SystemExit('parsed')
except ValueError: pass"

# The SNI fault hosts, each refused by curl for its own reason.
for pair in "expired:certificate has expired" "wrong-host:no alternative certificate subject name" \
    "untrusted-root:unable to get local issuer certificate" "self-signed:self-signed certificate"; do
    host=${pair%%:*}.localhost
    check "$host: ${pair#*:}" sh -c "curl -sS --cacert '$tls/ca.pem' --resolve '$host:$port:127.0.0.1' 'https://$host:$port/catfact/fact' 2>&1 | grep -q '${pair#*:}'"
done

# Trust downloads, without a token.
check "GET /__admin/tls/ca.pem is the CA" sh -c "curl -sS '$https/__admin/tls/ca.pem' --cacert '$tls/ca.pem' | cmp -s - '$tls/ca.pem'"
check "ca.mobileconfig: one com.apple.security.root payload with the CA's DER" python3 -c "
import plistlib, ssl, subprocess
profile = plistlib.loads(subprocess.check_output(['curl','-sS','http://localhost:$port/__admin/tls/ca.mobileconfig']))
[payload] = profile['PayloadContent']
assert payload['PayloadType'] == 'com.apple.security.root'
assert payload['PayloadContent'] == ssl.PEM_cert_to_DER_cert(open('$tls/ca.pem').read())"
if command -v zbarimg >/dev/null; then
    check "the profile's QR code (versions 3-5) read back by zbarimg" python3 scripts/tls-qr.py "$port"
else
    echo "skip the profile's QR code: zbarimg is not installed (scripts/install-deps.sh zbar-tools)"
fi

# Hostile handshakes: closed, bounded, serving goes on.
check "hostile handshakes (junk after 0x16, a cut ClientHello, 200 half-open)" python3 scripts/tls-hostile.py "$port" "$tls/ca.pem"

# A second start keeps the CA; a bad --tls-cert is a clear error and a non-zero exit.
kill "$server"; wait "$server" 2>/dev/null || true; server=
fingerprint=$(openssl x509 -in "$tls/ca.pem" -noout -fingerprint -sha256)
start_understudy tls-tests "$binary" "$work" --scenarios scenarios --tls --tls-dir "$tls" --tls-name staging.example.test
check "second start: the same CA" sh -c "[ \"\$(openssl x509 -in '$tls/ca.pem' -noout -fingerprint -sha256)\" = '$fingerprint' ]"
kill "$server"; wait "$server" 2>/dev/null || true; server=
echo "not a certificate" >"$work/bad.pem"
check "--tls-cert junk: exit 1, the file named" sh -c "'$binary' serve --port 0 --tls-cert '$work/bad.pem' --tls-key '$tls/leaf-key.pem' >/dev/null 2>'$work/err'; [ \$? = 1 ] && grep -q '$work/bad.pem: not a PEM certificate' '$work/err'"
check "--tls-key not the certificate's: exit 1" sh -c "! '$binary' serve --port 0 --tls-cert '$tls/leaf.pem' --tls-key '$tls/ca-key.pem' 2>/dev/null"
check "doctor tls: the development certificate meets Apple's rules" "$binary" doctor tls --tls-dir "$tls"
openssl req -x509 -newkey rsa:1024 -sha1 -days 1000 -nodes -subj /CN=bad.example -keyout "$work/weak.key" -out "$work/weak.pem" 2>/dev/null
check "doctor tls: a weak certificate fails, rules named" sh -c "! '$binary' doctor tls --cert '$work/weak.pem' >'$work/doctor' && grep -q 'FAIL names are in subjectAltName' '$work/doctor' && grep -q '6 broken' '$work/doctor'"
mkdir -p "$work/bin" && printf '#!/bin/sh\necho "$@" >>"%s/xcrun.calls"\n' "$work" >"$work/bin/xcrun" && chmod +x "$work/bin/xcrun"
check "trust simulator runs simctl keychain add-root-cert" sh -c "PATH='$work/bin':\$PATH '$binary' trust simulator --device ABC --tls-dir '$tls' >/dev/null && grep -qx 'simctl keychain ABC add-root-cert $tls/ca.pem' '$work/xcrun.calls'"

[ "$failures" -eq 0 ] || { echo "tls-tests: $failures failed" >&2; exit 1; }
echo "tls-tests: all passed"
