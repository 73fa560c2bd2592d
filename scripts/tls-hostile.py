"""Hostile TLS handshakes against `serve --tls` (scripts/tls-tests.sh): junk after a handshake byte is closed (at
once or by the connection timeout), a cut ClientHello by the connection timeout, and 200 half-open handshakes do not stall a real request."""
import os, socket, ssl, sys, time

port, ca = int(sys.argv[1]), sys.argv[2]


def closed_within(sock, limit):
    sock.settimeout(limit)
    started = time.time()
    try:
        while sock.recv(4096):
            pass
    except socket.timeout:
        return None
    except ConnectionResetError:
        pass
    return time.time() - started


context = ssl.create_default_context(cafile=ca)
junk = socket.create_connection(("127.0.0.1", port))
junk.sendall(b"\x16\x03\x01\x00\x10" + os.urandom(2000))
took = closed_within(junk, 5)
# At once when GnuTLS rejects the record, else by the connection timeout (tls-tests.sh starts the server with 2 s).
assert took is not None and took < 4, f"junk after 0x16 not closed: {took}"

incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
handshake = context.wrap_bio(incoming, outgoing, server_hostname="localhost")
try:
    handshake.do_handshake()
except ssl.SSLWantReadError:
    pass
hello = outgoing.read()
cut = socket.create_connection(("127.0.0.1", port))
cut.sendall(hello[:40])
took = closed_within(cut, 6)
assert took is not None, "a cut ClientHello was never closed"

half_open = []
for _ in range(200):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(hello[:40])
    half_open.append(sock)
started = time.time()
client = context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=5), server_hostname="localhost")
client.sendall(b"GET /catfact/fact HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
assert client.recv(64).startswith(b"HTTP/1.1 200"), "no answer beside half-open handshakes"
assert time.time() - started < 2, f"answer took {time.time() - started:.2f}s"
for sock in half_open:
    sock.close()
print("hostile handshakes: closed and bounded")
