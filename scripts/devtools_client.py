"""The DevTools protocol over a WebSocket, with the standard library only: a client of RFC 6455 text frames (no TLS,
no extensions: Chromium's debugging port is plain loopback HTTP) and the command/answer pairing of the protocol, events
queued for the caller. Used by scripts/har-from-chromium.py.
"""
import base64
import json
import os
import socket
import struct
import time
import urllib.parse


class WebSocket:
    """A client of RFC 6455 text frames over one TCP connection (no TLS, no extensions)."""

    def __init__(self, url, timeout=30):
        parsed = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parsed.path} HTTP/1.1\r\nHost: {parsed.hostname}:{parsed.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("Chromium closed the DevTools connection during the handshake")
            head += chunk
        head, rest = head.split(b"\r\n\r\n", 1)
        self.buffer = bytearray(rest)
        self.partial = bytearray()
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError("no WebSocket handshake: " + head.decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _need(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("Chromium closed the DevTools connection")
            self.buffer += chunk

    def _frame(self):
        """One whole frame, taken off the buffer only once all of it is there (a timeout leaves the buffer as it was)."""
        self._need(2)
        first, second = self.buffer[0], self.buffer[1]
        length, offset = second & 0x7F, 2
        if length == 126:
            self._need(4)
            length, offset = struct.unpack(">H", bytes(self.buffer[2:4]))[0], 4
        elif length == 127:
            self._need(10)
            length, offset = struct.unpack(">Q", bytes(self.buffer[2:10]))[0], 10
        mask = None
        if second & 0x80:
            self._need(offset + 4)
            mask, offset = bytes(self.buffer[offset:offset + 4]), offset + 4
        self._need(offset + length)
        payload = bytes(self.buffer[offset:offset + length])
        del self.buffer[:offset + length]
        if mask:
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return first, payload

    def recv(self):
        """The next text message; pings answered, fragments joined."""
        while True:
            first, payload = self._frame()
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("Chromium closed the DevTools connection")
            if opcode == 0x9:
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                self.partial += payload
                if first & 0x80:
                    message, self.partial = bytes(self.partial), bytearray()
                    return message.decode()


class DevTools:
    """Commands and their answers over the browser's WebSocket; events are queued for the caller."""

    def __init__(self, url):
        self.ws = WebSocket(url)
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, deadline=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        end = time.time() + deadline
        while time.time() < end:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)
        raise TimeoutError(f"{method}: no answer")

    def poll(self, seconds):
        """Events that arrive within `seconds`."""
        self.ws.sock.settimeout(seconds)
        try:
            while True:
                self.events.append(json.loads(self.ws.recv()))
        except (socket.timeout, TimeoutError):
            pass
        finally:
            self.ws.sock.settimeout(30)
