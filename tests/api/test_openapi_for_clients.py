"""What the generated clients (`clients/`, `scripts/clients`) need from the OpenAPI document:
one component per schema name, the company selector of the document routes as parameters,
decimals typed as the strings the API answers."""

from __future__ import annotations

import json
import warnings
from typing import Any


def _document(client: Any) -> dict[str, Any]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        document: dict[str, Any] = client.get("/api/v1/openapi.json").get_json()
    renamed = [str(w.message) for w in caught if "Multiple schemas resolved" in str(w.message)]
    assert renamed == []  # apispec would name the second one "Vehicle1", "Reference1"
    return document


def test_every_schema_has_its_own_name(client):
    schemas = _document(client)["components"]["schemas"]
    assert not [name for name in schemas if name[-1].isdigit()]
    assert {"TransportVehicle", "Vehicle", "Reference", "CteOsReference"} <= set(schemas)


def test_document_routes_document_the_company_selector(client):
    paths = _document(client)["paths"]
    for family, pdf in (("nfe", "danfe"), ("nfse", "danfse"), ("mdfe", "damdfe")):
        for path in ("", "/eventos", "/xml", f"/{pdf}"):
            operation = paths[f"/api/v1/{family}/{{document_id}}{path}"]["get"]
            names = [parameter["name"] for parameter in operation["parameters"]]
            assert names == ["empresa", "empresa_id"], (family, path)


def test_decimals_are_decimal_strings_or_numbers(client):
    schemas = _document(client)["components"]["schemas"]
    quantity = schemas["ItemRequest"]["properties"]["quantidade"]
    assert [alternative["type"] for alternative in quantity["oneOf"]] == ["string", "number"]
    assert "type" not in quantity
    price = schemas["EnvelopeWalletStatus"]["properties"]["precos"]["additionalProperties"]
    assert price["type"] == "string" and price["format"] == "decimal"


def test_typed_answers_of_errors_and_manifests(client):
    schemas = _document(client)["components"]["schemas"]
    errors = schemas["ErrorBody"]["properties"]["errors"]["items"]
    assert errors == {"$ref": "#/components/schemas/FieldError"}
    assert schemas["FieldError"]["required"] == ["field", "message"]
    manifest = schemas["MdfeDocument"]["properties"]
    assert manifest["condutores"]["items"] == {"$ref": "#/components/schemas/ManifestDriver"}


def test_nullable_nested_schemas_are_the_schema_or_null(client):
    """apispec's `anyOf: [{type: object, nullable}, {$ref}]` would be a second, empty model."""
    schemas = _document(client)["components"]["schemas"]
    last_error = schemas["Task"]["properties"]["ultimo_erro"]
    assert last_error == {"allOf": [{"$ref": "#/components/schemas/TaskError"}], "nullable": True}
    assert '{"nullable": true, "type": "object"}' not in json.dumps(schemas, sort_keys=True)
