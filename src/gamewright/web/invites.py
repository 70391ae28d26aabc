"""Invite links that reach a friend: the address a link is made with, whether it can leave this computer at all,
the machine's addresses on its network, and a QR code of a link for a phone to scan.

A link is made with, in order: ``--public-url`` (the address friends reach this server at, e.g. behind a proxy);
else the address the creator's browser used — except that a browser on this very computer (``127.0.0.1``,
``localhost``) of a server listening on every interface gets the machine's network address instead, since a
friend's ``127.0.0.1`` is their own computer."""

from __future__ import annotations

import ipaddress
import socket
from contextlib import suppress
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import Request
from markupsafe import Markup, escape

from gamewright.core.errors import ConfigError
from gamewright.web.guard import host_name

EVERY_INTERFACE = ("0.0.0.0", "::", "")
# A documentation address (RFC 5737, TEST-NET-2): a UDP "connect" to it sends nothing; the kernel only picks the
# interface its route would leave by, whose address is the one friends reach this machine at.
ROUTE_PROBE = ("198.51.100.1", 9)


def is_loopback(host: str) -> bool:
    """Does ``host`` (a Host header, a bind address) name this computer only: 127.0.0.0/8, ::1, localhost?"""
    try:  # a bare address first: a bind address "::1" is no host:port
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        pass
    name = host_name(host).rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other computers may reach it at (no loopback, no link-local), the one of its
    default route first; empty when it has none. Standard library only: the route probe, then the addresses the
    machine's own name resolves to."""
    found: list[str] = []
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(ROUTE_PROBE)
        found.append(str(probe.getsockname()[0]))
    with suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    out: list[str] = []
    for address in found:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified) and address not in out:
            out.append(address)
    return out


def public_url(text: str | None) -> str | None:
    """``--public-url`` checked: an http:// or https:// address with a host (a path is kept: a proxy's prefix),
    without a trailing slash; None when not given."""
    if text is None or not text.strip():
        return None
    text = text.strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        parts = None
    if (parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.query
            or parts.fragment or parts.username is not None or any(c.isspace() for c in text)):
        raise ConfigError(f"--public-url must be an http:// or https:// address such as https://games.example.org "
                          f"(got {text[:80]!r})")
    return text.rstrip("/")


@dataclass(frozen=True)
class Reach:
    """Where this server can be reached, as ``serve`` knows it: ``bind_host`` the interface it listens on (None:
    not known, e.g. an app made in a test), ``public`` the ``--public-url``, ``lan`` the machine's network
    addresses (looked up when it listens on every interface)."""

    bind_host: str | None = None
    public: str | None = None
    lan: tuple[str, ...] = ()

    @property
    def loopback_only(self) -> bool:
        """Links made here cannot leave this computer: it listens on loopback and no public address is set."""
        return self.public is None and self.bind_host is not None and is_loopback(self.bind_host)

    @property
    def every_interface(self) -> bool:
        return self.bind_host in EVERY_INTERFACE

    def base(self, request: Request) -> str:
        """The start of every link made for this request (scheme://host:port and any path prefix)."""
        if self.public is not None:
            return self.public
        base = str(request.base_url).rstrip("/")
        if self.every_interface and self.lan and is_loopback(request.headers.get("host", "")):
            parts = urlsplit(base)
            port = f":{parts.port}" if parts.port else ""
            base = parts._replace(netloc=f"{self.lan[0]}{port}").geturl()
        return base


def reach_of(request: Request) -> Reach:
    reach = getattr(request.app.state, "reach", None)
    return reach if isinstance(reach, Reach) else Reach()


def qr_svg(url: str, label: str) -> Markup:
    """A QR code of ``url`` as inline SVG (no style attribute: the page's CSP allows none), named ``label`` for
    screen readers; dark modules on a white quiet zone so a phone reads it in a dark theme too."""
    import segno

    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, omitsize=True, dark="#000", light="#fff", svgclass="qr-code")
    named = f'<svg role="img" aria-label="{escape(label)}" shape-rendering="crispEdges" '
    return Markup(named + svg.removeprefix("<svg "))  # noqa: S704 - segno's path data and our escaped label
