"""The API's description: ``/openapi.json`` (the ``/api/`` routes and ``/healthz``) and ``/docs``, Swagger UI from
vendored files (``fastapi-offline`` ships them; no CDN) started by ``/static/docs.js`` — the site's CSP allows no
inline script, so FastAPI's own docs page (which starts Swagger UI inline) is not used."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from gamewright import __version__
from gamewright.web.api_models import Update

SWAGGER_FILES = Path(fastapi_offline.__file__).parent / "static"
ASSETS = "/docs/assets"
DESCRIPTION = ("The web table's JSON API. Every refusal is a status code and `{\"error\": \"<sentence>\"}`. "
               "A move's checks run in this order: token 403, body 400 (415 unless sent as application/json, "
               "413 over 64 KiB), stale seq 409, not your turn 403, unreadable or illegal action 422.")
PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>gamewright API</title>
<link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
<link rel="icon" href="{ASSETS}/favicon.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS}/swagger-ui-bundle.js"></script>
<script src="/static/docs.js"></script>
</body>
</html>
"""


def documented(path: str) -> bool:
    return path.startswith("/api/") or path == "/healthz"


def api_schema(app: FastAPI) -> dict[str, Any]:
    """The published OpenAPI document, built once: the API's routes, the bearer token, and no FastAPI default 422
    ``{"detail"}`` (a parameter the API refuses is answered 400 ``{"error"}``, which each route documents)."""
    doc: dict[str, Any] | None = getattr(app.state, "api_schema", None)
    if doc is None:
        doc = get_openapi(title="gamewright", version=__version__, description=DESCRIPTION, routes=app.routes)
        doc["paths"] = {path: ops for path, ops in doc.get("paths", {}).items() if documented(path)}
        for operations in doc.get("paths", {}).values():
            for operation in operations.values():
                answers = operation.get("responses", {})
                if "HTTPValidationError" in str(answers.get("422", "")):
                    del answers["422"]
        components = doc.setdefault("components", {})
        components["schemas"] = used_schemas(doc["paths"], components.get("schemas", {}))
        components["schemas"]["Update"] = Update.model_json_schema()  # the stream's data (text/event-stream)
        components["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer",
                                                    "description": "a seat's token, from the create answer"}}
        app.state.api_schema = doc
    return doc


def used_schemas(paths: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    """The component schemas that the kept paths refer to, directly or through another schema."""
    keep: dict[str, Any] = {}
    todo = [json.dumps(paths)]
    while todo:
        for name in re.findall(r'"#/components/schemas/([^"]+)"', todo.pop()):
            if name not in keep and name in schemas:
                keep[name] = schemas[name]
                todo.append(json.dumps(schemas[name]))
    return keep


def add_docs(app: FastAPI) -> None:
    """``/openapi.json``, ``/docs`` and Swagger UI's files under ``/docs/assets``."""
    # app.openapi() stays FastAPI's own description of every route (tests list the tool pages from it)
    app.mount(ASSETS, StaticFiles(directory=SWAGGER_FILES), name="docs-assets")

    @app.get("/openapi.json", include_in_schema=False)
    async def openapi() -> dict[str, Any]:
        return api_schema(app)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(PAGE)
