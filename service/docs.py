"""`/api/v1/docs`: Swagger UI served from the `swagger-ui-bundle` package, never a CDN."""

from __future__ import annotations

from flask import Blueprint, Response, send_from_directory
from swagger_ui_bundle import swagger_ui_path

blp = Blueprint("docs", __name__)

PAGE = """<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Fiscal API v1</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({url: "openapi.json", dom_id: "#swagger-ui"});</script>
</body></html>"""


@blp.get("/docs")
def docs_page() -> Response:
    return Response(PAGE, mimetype="text/html")


@blp.get("/docs/assets/<path:filename>")
def docs_asset(filename: str) -> Response:
    return send_from_directory(swagger_ui_path, filename, max_age=86400)
