"""Ports on this machine, for the tests that start `watch`."""

from __future__ import annotations

import socket


def port_is_free(port: int) -> bool:
    """Whether a new server (as the watch's, which reuses an address) can listen on `port`."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True
