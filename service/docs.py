"""`/api/v1/docs`: Swagger UI served from the `swagger-ui-bundle` package, never a CDN; and
`/api/v1/esquemas/pacotes/<name>.schema.json`: the rule pack JSON Schemas, so an editor
validates a rule file as it is typed (docs/guides/rulepacks.md, "Editing with a schema")."""

from __future__ import annotations

from flask import Blueprint, Response, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from engine.packs import DEFAULT_ROOT, SCHEMA_DIR_NAME
from service.errors import ApiError

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


PACK_SCHEMAS = ("manifest", "rule", "test")
"""`rulepacks/schema/<name>.schema.json`: a pack's manifest, rule files and test files."""


@blp.get("/esquemas/pacotes/<name>.schema.json")
def pack_schema(name: str) -> Response:
    if name not in PACK_SCHEMAS:
        raise ApiError("ROTA_NAO_ENCONTRADA", f"Esquemas: {', '.join(PACK_SCHEMAS)}.")
    folder = DEFAULT_ROOT / SCHEMA_DIR_NAME
    return send_from_directory(folder, f"{name}.schema.json", mimetype="application/schema+json",
                               max_age=3600)  # fmt: skip
