"""Request-level protection of the web table, in one place for every route.

- **Host check**: a request names this server by an IP literal, a localhost name, or a name given to
  ``--allowed-hosts``; any other ``Host`` is answered 400 (DNS rebinding needs a name the attacker controls).
- **Cross-site check**: a state-changing request (any method but GET/HEAD/OPTIONS/TRACE) whose ``Origin`` — or,
  without one, ``Referer`` — names another scheme://host:port than the request's own is answered 403 before any
  route runs. A request with neither header (a non-browser client) passes: browsers send ``Origin`` on every
  cross-origin POST.
- **CSRF token**: every browser gets a random token in an HttpOnly cookie; every state-changing page route (not
  ``/api/``, whose moves need a Bearer token and a JSON body) requires the same token in the form field
  ``csrf_token`` or the header ``X-CSRF-Token`` (htmx sends it from ``hx-headers`` on ``<body>``).
- **Headers** on every answer: a Content-Security-Policy without inline script or style, no framing,
  ``nosniff``, ``Referrer-Policy: same-origin``; every cookie is ``Secure`` when the request came over HTTPS.
- **HEAD** is answered on every GET route (the GET's status and headers, no body).
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import JSONResponse, Response
from jinja2 import pass_context
from markupsafe import Markup
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamewright.web.service import WebError

CSRF_COOKIE = "gw_csrf"
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
_SCOPE_KEY = "gamewright.csrf"
DEFAULT_PORTS = {"http": 80, "https": 443}

# No inline script or style anywhere (page behaviour is /static/site.js; htmx's own indicator style is turned
# off in base.html); SVG boards draw with presentation attributes and classes, which CSP does not govern.
CSP = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "font-src 'self'",
    "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
])
HEADERS = {
    b"content-security-policy": CSP.encode(),
    b"x-frame-options": b"DENY",
    b"x-content-type-options": b"nosniff",
    b"referrer-policy": b"same-origin",
}

Refuse = Callable[[Request, int, str], Response]


def host_name(host: str) -> str:
    """The name in a ``Host`` header, lower case, without the port or the brackets of an IPv6 literal."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    name, colon, port = host.rpartition(":")
    return name if colon and port.isdigit() else host


def host_allowed(host: str, allowed: frozenset[str]) -> bool:
    """An IP literal, ``localhost`` (or ``*.localhost``), or a listed name (``*.example.org`` lists every name
    under example.org; ``*`` every name)."""
    name = host_name(host).rstrip(".")
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if name == "localhost" or name.endswith(".localhost") or name in allowed or "*" in allowed:
        return True
    return any(entry.startswith("*.") and name.endswith(entry[1:]) for entry in allowed)


def origin_of(url: str) -> str | None:
    """``scheme://host:port`` of a URL (the default port written out), None when it names no site."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return f"{scheme}://{parts.hostname.lower()}:{port or DEFAULT_PORTS[scheme]}"


def cross_site(scope: Scope, headers: Headers) -> bool:
    """True when the request's Origin (else Referer) names another scheme://host:port than its own."""
    claimed = headers.get("origin") or headers.get("referer")
    if not claimed:
        return False  # no browser sent this: nothing ambient (a cookie) can be abused by its sender
    own = origin_of(f"{scope.get('scheme', 'http')}://{headers.get('host', '')}")
    return own is None or origin_of(claimed) != own


def valid_token(value: str | None) -> str | None:
    return value if value is not None and _TOKEN.fullmatch(value) else None


def _cookie(token: str, secure: bool) -> bytes:
    return (f"{CSRF_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax" + ("; Secure" if secure else "")).encode()


def _cookie_token(headers: Headers) -> str | None:
    return valid_token(cookie_parser(headers.get("cookie", "")).get(CSRF_COOKIE))  # as Request.cookies reads it


def _secure(cookie: bytes) -> bytes:
    attributes = {a.strip().lower() for a in cookie.split(b";")[1:]}
    return cookie if b"secure" in attributes else cookie + b"; Secure"


class Guard:
    """ASGI middleware: the Host and cross-site checks, the CSRF cookie, the headers and HEAD (see the module)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = (), refuse: Refuse | None = None) -> None:
        self.app = app
        self.allowed = frozenset(h.strip().lower().rstrip(".") for h in allowed_hosts if h.strip())
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        head = scope["method"] == "HEAD"
        if head:  # the GET route answers; its body is dropped below
            scope = {**scope, "method": "GET"}
        secure = scope.get("scheme") == "https"
        known = _cookie_token(headers)
        token = known or secrets.token_urlsafe(24)
        scope[_SCOPE_KEY] = token
        finished = False

        async def guarded_send(message: Message) -> None:
            nonlocal finished
            if finished:
                return
            if message["type"] == "http.response.start":
                out = [(k, v) for k, v in message.get("headers", [])]
                present = {k.lower() for k, _ in out}
                out += [(k, v) for k, v in HEADERS.items() if k not in present]
                if secure:  # behind HTTPS every cookie is Secure, whoever set it
                    out = [(k, _secure(v) if k.lower() == b"set-cookie" else v) for k, v in out]
                if known is None:
                    out.append((b"set-cookie", _cookie(token, secure)))
                message = {**message, "headers": out}
            elif message["type"] == "http.response.body" and head:
                finished = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        refusal = self.check(scope, headers)
        if refusal is not None:
            status, message = refusal
            response = (self.refuse(Request(scope), status, message) if self.refuse is not None
                        else JSONResponse({"error": message}, status_code=status))
            await response(scope, receive, guarded_send)
            return
        await self.app(scope, receive, guarded_send)

    def check(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed):
            return 400, (f"this server does not answer to the name {host_name(host)[:80]!r}; "
                         "start it with --allowed-hosts NAME to serve that name")
        if scope["method"] not in SAFE_METHODS and cross_site(scope, headers):
            return 403, "a request from another site cannot change anything here"
        return None


def token_of(request: Request) -> str:
    """The browser's CSRF token (set by ``Guard``; a fresh one on its first visit)."""
    return str(request.scope.get(_SCOPE_KEY, ""))


async def csrf_protect(request: Request) -> None:
    """The app-wide dependency: a state-changing page request must carry the browser's CSRF token."""
    if request.method in SAFE_METHODS or request.url.path.startswith("/api/"):
        return
    expected = valid_token(request.cookies.get(CSRF_COOKIE))
    presented: Any = request.headers.get(CSRF_HEADER) or None
    if presented is None and request.headers.get("content-type", "").lower().startswith(FORM_TYPES):
        presented = (await request.form()).get(CSRF_FIELD)  # read once: the route's own form() reuses it
    if expected is None or not isinstance(presented, str) or not hmac.compare_digest(
            presented.encode("utf-8", "replace"), expected.encode()):
        raise WebError(403, "this form has expired or did not come from this site: reload the page and try again")


@pass_context
def csrf_field(context: Any) -> Markup:
    """``{{ csrf_field() }}`` in a form: the hidden field carrying the token."""
    token = token_of(context["request"])
    return Markup(f'<input type="hidden" name="{CSRF_FIELD}" value="{token}">')


@pass_context
def csrf_headers(context: Any) -> str:
    """The JSON for ``hx-headers`` on ``<body>``: htmx sends the token with every request it makes."""
    import json

    return json.dumps({CSRF_HEADER: token_of(context["request"])})

