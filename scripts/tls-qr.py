#!/usr/bin/env python3
"""The dashboard's QR code of the CA profile's URL, read back by an independent decoder (zbar's `zbarimg`).

Usage: scripts/tls-qr.py PORT   (a `serve --tls` on 127.0.0.1:PORT; run by scripts/tls-tests.sh)

For Hosts whose URLs need versions 3, 4 and 5 of the code, GET /__admin/tls/ca.mobileconfig.svg with that Host,
draw the SVG's unit squares into a greyscale image (4 pixels a module, the quiet zone kept) and decode it: the text
must be http://HOST/__admin/tls/ca.mobileconfig exactly. A Host whose URL is too long for version 5 gets a 400.
"""
import http.client
import re
import subprocess
import sys
import tempfile

port = int(sys.argv[1])


def fetch(host):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/__admin/tls/ca.mobileconfig.svg", headers={"Host": host})
    response = connection.getresponse()
    return response.status, response.getheader("Content-Type"), response.read().decode()


def decode(svg):
    side = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    squares = re.findall(r"M(\d+) (\d+)h1v1h-1z", svg)
    assert squares, "no modules in the SVG"
    scale = 4
    pixels = bytearray([255]) * (side * scale) ** 2
    for x, y in ((int(x), int(y)) for x, y in squares):
        for row in range(y * scale, (y + 1) * scale):
            start = row * side * scale + x * scale
            pixels[start:start + scale] = bytes(scale)
    with tempfile.NamedTemporaryFile(suffix=".pgm") as image:
        image.write(b"P5 %d %d 255\n" % (side * scale, side * scale) + bytes(pixels))
        image.flush()
        return subprocess.run(["zbarimg", "--raw", "-q", image.name], capture_output=True, text=True).stdout.strip()


hosts = {
    "a:1": 29,  # 38 bytes: version 3
    "192.168.100.200:8080": 33,  # 55 bytes: version 4
    "a-rather-long-machine-name-for-a-mac.local:8080": 37,  # 77 bytes: version 5
}
for host, modules in hosts.items():
    status, kind, svg = fetch(host)
    assert status == 200 and kind == "image/svg+xml", (host, status, kind)
    side = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    assert side == modules + 8, f"{host}: {side - 8} modules a side, expected {modules}"
    assert "<text" not in svg and "<script" not in svg
    expected = f"http://{host}/__admin/tls/ca.mobileconfig"
    decoded = decode(svg)
    assert decoded == expected, f"{host}: zbarimg read {decoded!r}, expected {expected!r}"
    print(f"{host}: version {(modules - 17) // 4}, read back")
status, _, _ = fetch("x" * 60 + "." + "y" * 30 + ".local:8080")
assert status == 400, f"a Host too long for version 5: {status}"
