"""A stored document's XML as the service reads it (`service.storage`), for assertions: the
signed XML and the authorized XML rebuilt from the row, inside the app's context (the object
store and the dictionaries are the app's)."""

from __future__ import annotations

from flask import Flask

from service.db import transaction
from service.issuance.models import FiscalDocument
from service.storage.documents import authorized_xml, signed_xml


def signed_of(app: Flask, document_id: str) -> bytes:
    """The document's signed XML, checked against its SHA-256."""
    with app.app_context(), transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return signed_xml(document, session=session)


def authorized_of(app: Flask, document_id: str) -> bytes | None:
    """The document's authorized XML rebuilt from its row (None before it is authorized)."""
    with app.app_context(), transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return authorized_xml(document, session=session)
