"""The OpenAPI document validates and the docs page needs no CDN."""

from __future__ import annotations

from openapi_spec_validator import validate


def test_openapi_document_validates(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    validate(document)
    assert "/api/v1/api-keys" in document["paths"]
    assert "bearerAuth" in document["components"]["securitySchemes"]


def test_docs_page_serves_local_assets(client):
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "http" not in html.split("<body>")[0].replace("http-equiv", "")
    asset = client.get("/api/v1/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000
